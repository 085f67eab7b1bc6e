import { Button } from '@mantine/core';
import { isRouteErrorResponse, Link } from 'react-router';
import { isChunkLoadError } from '../lib/chunk-load';
import { useT } from '../lib/use-t';
import classes from './StatusPage.module.css';

/**
 * Full-width message page: the 404 page and every route's error boundary. `back` replaces the
 * company search as the second way on (e.g. the list a removed post was in).
 */
export function StatusPage({ code, titleId, textId, back, testId }: { code: string; titleId: string; textId: string; back?: { to: string; labelId: string }; testId?: string }) {
  const t = useT();
  return (
    <section className={classes.wrap} aria-labelledby="status-title" data-testid={testId}>
      <p className={classes.code} aria-hidden="true">
        {code}
      </p>
      <h1 id="status-title" className={classes.title}>
        {t(titleId)}
      </h1>
      <p className={classes.text}>{t(textId)}</p>
      <div className={classes.actions}>
        <Button component={Link} to="/" size="md">
          {t('status.action.home')}
        </Button>
        <Button component={Link} to={back?.to ?? '/search'} size="md" variant="default">
          {t(back?.labelId ?? 'status.action.search')}
        </Button>
      </div>
    </section>
  );
}

export function NotFoundContent() {
  return <StatusPage code="404" titleId="notFound.page.title" textId="notFound.page.text" />;
}

/** What a route's ErrorBoundary renders; unexpected errors are logged, never shown raw. */
export function RouteErrorContent({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  if (isChunkLoadError(error)) return <ChunkErrorContent />;
  const code = isRouteErrorResponse(error) ? String(error.status) : '500';
  return <StatusPage code={code} titleId="error.page.title" textId="error.page.text" />;
}

/** Part of the page's code did not arrive (spec §8: chunk load failure): a reload fetches it again. */
function ChunkErrorContent() {
  const t = useT();
  return (
    <section className={classes.wrap} role="alert" aria-labelledby="status-title" data-testid="chunk-error">
      <h1 id="status-title" className={classes.title}>
        {t('app.chunkError.title')}
      </h1>
      <p className={classes.text}>{t('app.chunkError.body')}</p>
      <div className={classes.actions}>
        <Button size="md" onClick={() => window.location.reload()}>
          {t('app.chunkError.reload')}
        </Button>
        <Button component={Link} to="/" size="md" variant="default" reloadDocument>
          {t('status.action.home')}
        </Button>
      </div>
    </section>
  );
}
