import { useLoaderData } from 'react-router';
import * as ops from '@brokerwise/api-contract/paths';
import { RouteErrorContent } from '../components/StatusPage';
import { pageMeta } from '../lib/meta';
import type { LinkOutcome } from '../lib/newsletter';
import { followNewsletterLink } from '../lib/newsletter.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/newsletter.confirm';
import { HomeLink } from '../components/HomeLink';
import classes from './newsletter.module.css';

/** The confirmation link of the double opt-in mail: opening it confirms (again: still confirmed). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return followNewsletterLink(request, context, ops.newsletterConfirm, new URL(request.url).searchParams.get('token')?.trim() ?? '');
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'newsletter.confirm.title' }, noindex: true });

const TEXT: Record<LinkOutcome, string> = {
  done: 'newsletter.confirm.done',
  invalid: 'newsletter.link.invalid',
  expired: 'newsletter.link.expired',
  error: 'newsletter.result.error',
};

export default function NewsletterConfirm() {
  const t = useT();
  const { outcome, email } = useLoaderData<typeof loader>();
  return (
    <section className={classes.wrap} aria-labelledby="newsletter-confirm-title">
      <h1 id="newsletter-confirm-title" className={classes.title}>
        {t('newsletter.confirm.title')}
      </h1>
      <p className={classes.text} data-tone={outcome === 'done' ? undefined : 'error'} data-testid="newsletter-confirm">
        {t(TEXT[outcome], { email: email ?? '' })}
      </p>
      <HomeLink className={classes.home} />
    </section>
  );
}

export const ErrorBoundary = RouteErrorContent;
