import { data, Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import * as ops from '@brokerwise/api-contract/paths';
import { RouteErrorContent } from '../components/StatusPage';
import { pageMeta } from '../lib/meta';
import type { LinkOutcome } from '../lib/newsletter';
import { followNewsletterLink } from '../lib/newsletter.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/newsletter.unsubscribe';
import { HomeLink } from '../components/HomeLink';
import classes from './newsletter.module.css';

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token')?.trim() ?? '';

/**
 * The unsubscribe link of every newsletter mail. Opening it asks (mail scanners open links too);
 * one click on the button unsubscribes. A POST to the same address, which mail clients send for
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), unsubscribes at once.
 */
export function loader({ request }: Route.LoaderArgs) {
  return data({ hasToken: tokenOf(request) !== '' }, { status: tokenOf(request) ? 200 : 400 });
}

export async function action({ request, context }: Route.ActionArgs) {
  return followNewsletterLink(request, context, ops.newsletterUnsubscribe, tokenOf(request));
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'newsletter.unsubscribe.title' }, noindex: true });

const TEXT: Record<LinkOutcome, string> = {
  done: 'newsletter.unsubscribe.done',
  invalid: 'newsletter.link.invalid',
  expired: 'newsletter.link.invalid',
  error: 'newsletter.result.error',
};

export default function NewsletterUnsubscribe() {
  const t = useT();
  const { hasToken } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  return (
    <section className={classes.wrap} aria-labelledby="newsletter-unsubscribe-title">
      <h1 id="newsletter-unsubscribe-title" className={classes.title}>
        {t('newsletter.unsubscribe.title')}
      </h1>
      {result ? (
        <p className={classes.text} data-tone={result.outcome === 'done' ? undefined : 'error'} data-testid="newsletter-unsubscribe">
          {t(TEXT[result.outcome], { email: result.email ?? '' })}
        </p>
      ) : hasToken ? (
        <Form method="post" className={classes.form}>
          <p className={classes.text}>{t('newsletter.unsubscribe.ask')}</p>
          <button type="submit" className={classes.button} disabled={busy} data-testid="newsletter-unsubscribe-button">
            {t('newsletter.unsubscribe.button')}
          </button>
        </Form>
      ) : (
        <p className={classes.text} data-tone="error">
          {t('newsletter.link.invalid')}
        </p>
      )}
      <HomeLink className={classes.home} />
    </section>
  );
}

export const ErrorBoundary = RouteErrorContent;
