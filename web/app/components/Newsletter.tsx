import { Button } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import * as ops from '@brokerwise/api-contract/paths';
import { isEmailShape } from '../lib/format';
import { useT } from '../lib/use-t';
import { useApi, useApiErrorText } from './ApiProvider';
import { MailIcon } from './icons';
import classes from './Footer.module.css';
import fields from './NativeField.module.css';

/** Without script the form posts here (the gateway answers with a redirect to /newsletter). */
export const NEWSLETTER_FORM_PATH = '/newsletter/subscribe';

/**
 * Footer newsletter box (double opt-in: the server mails a confirmation link). With script the
 * answer shows in place; without, it is a plain form post that lands on the /newsletter result page.
 */
export function Newsletter() {
  const t = useT();
  const api = useApi();
  const errorText = useApiErrorText();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    setDone(null);
    if (!isEmailShape(value)) {
      setError(t(value ? 'auth.validation.emailFormat' : 'auth.validation.emailRequired'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await api.op(ops.newsletterSubscribe, { email: value });
      setDone(result.msg || t('footer.newsletter.subscribed'));
      setEmail('');
    } catch (err) {
      // A refused address comes back with the field's own message (e.g. "The mailbox format is incorrect.").
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={classes.newsletter} method="post" action={NEWSLETTER_FORM_PATH} onSubmit={onSubmit} noValidate aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" className={classes.columnTitle}>
        {t('footer.newsletter.title')}
      </h2>
      <p className={classes.muted}>{t('footer.newsletter.text')}</p>
      <div className={classes.newsletterRow}>
        {/* A plain input drawn like Mantine's: the footer is on every page, Mantine's input code is not. */}
        <div className={classes.newsletterInput}>
          <div className={fields.withIcon}>
            <span className={fields.icon} aria-hidden="true">
              <MailIcon />
            </span>
            <input
              className={fields.control}
              type="email"
              name="email"
              autoComplete="email"
              aria-label={t('footer.newsletter.emailLabel')}
              placeholder={t('footer.newsletter.placeholder')}
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                if (error) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'newsletter-error' : undefined}
              disabled={busy}
              data-testid="newsletter-email"
            />
          </div>
          {error && (
            <p id="newsletter-error" className={fields.error}>
              {error}
            </p>
          )}
        </div>
        <Button type="submit" color="yellow.6" c="dark.9" loading={busy} data-testid="newsletter-submit">
          {t('footer.newsletter.submit')}
        </Button>
      </div>
      {done && (
        <p className={classes.newsletterDone} role="status" data-testid="newsletter-done">
          {done}
        </p>
      )}
    </form>
  );
}
