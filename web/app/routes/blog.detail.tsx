import { useActionData, useLoaderData } from 'react-router';
import { PostDetailView } from '../components/posts/PostDetailView';
import { postDetailMeta } from '../components/posts/post-detail-meta';
import { RouteErrorContent } from '../components/StatusPage';
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

export const ErrorBoundary = RouteErrorContent;
