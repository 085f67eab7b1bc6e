import { useActionData, useLoaderData } from 'react-router';
import { PostDetailView } from '../components/posts/PostDetailView';
import { postDetailMeta } from '../components/posts/post-detail-meta';
import { postDetailErrorBoundary, postDetailHeaders } from '../components/posts/PostGone';
import { blogPostingJsonLd } from '../lib/posts';
import { loadPostDetail, postDetailAction } from '../lib/posts.server';
import type { Route } from './+types/blog.detail';

/** /blog/detail?id= (an image-text post): the article, the author, likes, bookmarks, forwards and comments. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadPostDetail(request, context, 'image_text');
}

/** Like, bookmark and comments without script. */
export async function action({ request, context }: Route.ActionArgs) {
  return postDetailAction(request, context);
}

export const meta: Route.MetaFunction = (args) => postDetailMeta(args, blogPostingJsonLd);

export default function BlogDetail() {
  const loaded = useLoaderData<typeof loader>();
  const fallback = useActionData<typeof action>() ?? null;
  return <PostDetailView loaded={loaded} pathname="/blog/detail" fallback={fallback} />;
}

/** A removed or deleted post answers 410 and says so; other errors as every page. */
export const ErrorBoundary = postDetailErrorBoundary('/vlog/blog');

/** A 410 says `Cache-Control: no-store`: the post may be restored on appeal. */
export const headers: Route.HeadersFunction = postDetailHeaders;
