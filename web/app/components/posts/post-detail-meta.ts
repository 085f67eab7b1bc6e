import type { MetaDescriptor } from 'react-router';
import type { PostDetail } from '@brokerwise/api-contract';
import { missingPageMeta, pageMeta, rootDataFrom } from '../../lib/meta';
import { postHref } from '../../lib/posts';

type PageMetaInput = Parameters<typeof pageMeta>[0];

/** Characters under which a post's own description is too short to stand alone in a search result. */
const SHORT_DESCRIPTION = 50;

interface MetaArgs extends Pick<PageMetaInput, 'matches' | 'location'> {
  loaderData: { ok: true; post: PostDetail } | { ok: false } | undefined;
}

/**
 * Head tags of /blog/detail and /vlog/detail: a 404 or "unavailable" title when there is no post,
 * otherwise the post's own title, cover and structured data (`jsonLd` gets the post, the site
 * origin and the page's absolute address; `undefined` leaves the structured data out).
 */
export function postDetailMeta(
  { matches, location, loaderData }: MetaArgs,
  jsonLd: (post: PostDetail, origin: string, pageUrl: string) => Record<string, unknown> | undefined,
): MetaDescriptor[] {
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
