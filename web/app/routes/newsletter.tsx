import { data, useLoaderData } from 'react-router';
import { NEWSLETTER_FORM_PATH } from '../components/Newsletter';
import { RouteErrorContent } from '../components/StatusPage';
import { pageMeta } from '../lib/meta';
import { formStatusOf, type FormStatus } from '../lib/newsletter';
import { useT } from '../lib/use-t';
import type { Route } from './+types/newsletter';
import { HomeLink } from '../components/HomeLink';
import classes from './newsletter.module.css';

const TEXT: Record<FormStatus, string> = {
  pending: 'newsletter.result.pending',
  confirmed: 'newsletter.result.already',
  required: 'auth.validation.emailRequired',
  format: 'auth.validation.emailFormat',
  limited: 'newsletter.result.limited',
  error: 'newsletter.result.error',
};
const HTTP_STATUS: Record<FormStatus, number> = { pending: 200, confirmed: 200, required: 400, format: 400, limited: 429, error: 503 };

/** Where the footer's newsletter form lands without script (the gateway answers its post with a redirect here). */
export function loader({ request }: Route.LoaderArgs) {
  const status = formStatusOf(new URL(request.url).searchParams.get('status'));
  return data({ status }, { status: status ? HTTP_STATUS[status] : 200 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'newsletter.page.title' }, noindex: true });

export default function NewsletterResult() {
  const t = useT();
  const { status } = useLoaderData<typeof loader>();
  const failed = status !== null && status !== 'pending' && status !== 'confirmed';
  return (
    <section className={classes.wrap} aria-labelledby="newsletter-page-title">
      <h1 id="newsletter-page-title" className={classes.title}>
        {t('newsletter.page.title')}
      </h1>
      <p className={classes.text} data-tone={failed ? 'error' : undefined} role={failed ? 'alert' : 'status'} data-testid="newsletter-result">
        {t(status ? TEXT[status] : 'footer.newsletter.text')}
      </p>
      {(status === null || failed) && (
        <form className={classes.form} method="post" action={NEWSLETTER_FORM_PATH}>
          <input className={classes.input} type="email" name="email" autoComplete="email" aria-label={t('footer.newsletter.emailLabel')} placeholder={t('footer.newsletter.placeholder')} />
          <button type="submit" className={classes.button}>
            {t('footer.newsletter.submit')}
          </button>
        </form>
      )}
      <HomeLink className={classes.home} />
    </section>
  );
}

export const ErrorBoundary = RouteErrorContent;
