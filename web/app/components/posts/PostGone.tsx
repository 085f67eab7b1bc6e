import { isRouteErrorResponse } from 'react-router';
import { POST_GONE_TEXT, postGoneOf } from '../../lib/posts';
import { RouteErrorContent, StatusPage } from '../StatusPage';

/**
 * The error boundary of /blog/detail and /vlog/detail: a post that is gone for good (410) says who
 * removed it (a moderator, or its author) and offers the home page and the list it was in
 * (`listPath`); every other error is the usual status page.
 */
export function postDetailErrorBoundary(listPath: string) {
  return function PostDetailError({ error }: { error: unknown }) {
    const gone = isRouteErrorResponse(error) ? postGoneOf(error) : null;
    if (!gone) return <RouteErrorContent error={error} />;
    const { titleId, textId } = POST_GONE_TEXT[gone];
    return <StatusPage code="410" titleId={titleId} textId={textId} back={{ to: listPath, labelId: 'post.gone.more' }} testId={`post-gone-${gone}`} />;
  };
}

/**
 * The response headers of /blog/detail and /vlog/detail: the root's, plus the Cache-Control of
 * what the loader threw (`no-store` on a 410). Browsers keep a 410 that says nothing as fresh for
 * ever, so without it a post restored on appeal would stay "removed" for whoever saw it gone.
 */
export function postDetailHeaders({ parentHeaders, errorHeaders }: { parentHeaders: Headers; errorHeaders?: Headers | undefined }): Headers {
  const headers = new Headers(parentHeaders);
  const cacheControl = errorHeaders?.get('Cache-Control');
  if (cacheControl) headers.set('Cache-Control', cacheControl);
  return headers;
}
