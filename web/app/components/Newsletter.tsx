import { Button, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api';
import { isEmailShape } from '../lib/format';
import { useT } from '../lib/use-t';
import { useApi, useApiErrorText } from './ApiProvider';
import { MailIcon } from './icons';
import { useToast } from './Toasts';
import classes from './Footer.module.css';

export const NEWSLETTER_PATH = '/api/newsletter/subscribe';

/** Footer newsletter box: checks the address here, lets the server answer in a toast. */
export function Newsletter() {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Subscribing needs a signed request, which only script can make: keep the button inert until hydrated.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!isEmailShape(value)) {
      setError(t('footer.newsletter.invalidEmail'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await api.post(NEWSLETTER_PATH, { email: value });
      toast('success', result.msg || t('footer.newsletter.subscribed'));
      setEmail('');
    } catch (err) {
      const notBuiltYet = err instanceof ApiError && err.failure.status === 404;
      toast('error', notBuiltYet ? t('footer.newsletter.unavailable') : errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={classes.newsletter} onSubmit={onSubmit} noValidate aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" className={classes.columnTitle}>
        {t('footer.newsletter.title')}
      </h2>
      <p className={classes.muted}>{t('footer.newsletter.text')}</p>
      <div className={classes.newsletterRow}>
        <TextInput
          className={classes.newsletterInput}
          type="email"
          name="email"
          autoComplete="email"
          aria-label={t('footer.newsletter.emailLabel')}
          placeholder={t('footer.newsletter.placeholder')}
          leftSection={<MailIcon />}
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          disabled={busy}
          data-testid="newsletter-email"
        />
        <Button type="submit" color="yellow.6" c="dark.9" loading={busy} disabled={!ready} data-testid="newsletter-submit">
          {t('footer.newsletter.submit')}
        </Button>
      </div>
    </form>
  );
}
