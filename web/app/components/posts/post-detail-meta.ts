import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import type { PostDetail } from '@brokerwise/api-contract';
import { missingPageMeta, pageMeta, rootDataFrom } from '../../lib/meta';
import { POST_GONE_TEXT, postGoneOf, postHref } from '../../lib/posts';

type PageMetaInput = Parameters<typeof pageMeta>[0];

/** Characters under which a post's own description is too short to stand alone in a search result. */
const SHORT_DESCRIPTION = 50;

interface MetaArgs extends Pick<PageMetaInput, 'matches' | 'location'> {
  loaderData: { ok: true; post: PostDetail } | { ok: false } | undefined;
  /** What the loader threw: a 410 names the post as removed. */
  error?: unknown;
}

/**
 * Head tags of /blog/detail and /vlog/detail: a 410 ("removed"), 404 or "unavailable" title when there is no post,
 * otherwise the post's own title, cover and structured data (`jsonLd` gets the post, the site
 * origin and the page's absolute address; `undefined` leaves the structured data out).
 */
export function postDetailMeta(
  { matches, location, loaderData, error }: MetaArgs,
  jsonLd: (post: PostDetail, origin: string, pageUrl: string) => Record<string, unknown> | undefined,
): MetaDescriptor[] {
  const gone = isRouteErrorResponse(error) ? postGoneOf(error) : null;
  if (gone) return pageMeta({ matches, location, title: { id: 'post.gone.metaTitle' }, description: { id: POST_GONE_TEXT[gone].textId }, noindex: true });
  if (!loaderData?.ok) {
    return missingPageMeta({ matches, location }, !loaderData, 'post.page.unavailable');
  }
  const post = loaderData.post;
  const origin = rootDataFrom(matches)?.origin ?? '';
  return pageMeta({
    matches,
    location,
    title: post.title,
    // A search result needs a sentence: a short description (or none) is completed with who wrote it where.
    description:
      [...post.description].length >= SHORT_DESCRIPTION
        ? post.description
        : { id: 'post.meta.description', values: { title: post.description || post.title, author: post.author.username } },
    canonicalParams: ['id'],
    ogType: 'article',
    image: post.cover.url,
    jsonLd: jsonLd(post, origin, `${origin}${postHref(post)}`),
  });
}
