import { useLoaderData } from 'react-router';
import { PostListPage } from '../components/posts/PostListPage';
import { RouteErrorContent } from '../components/StatusPage';
import { pageMeta } from '../lib/meta';
import { loadKindList } from '../lib/posts.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/vlog.blog';

/** /vlog/blog: the newest image-text posts, by category, 12 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadKindList(request, context, 'image_text');
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({
    matches,
    location,
    title: { id: 'vlog.blog.title' },
    description: { id: 'vlog.blog.intro' },
    canonicalParams: ['category', 'page'],
    image: loaderData?.posts.ok ? loaderData.posts.data.list[0]?.cover.url : null,
  });

export default function Blog() {
  const t = useT();
  const { category, categories, posts } = useLoaderData<typeof loader>();
  return (
    <PostListPage
      kind="image_text"
      pathname="/vlog/blog"
      title={t('vlog.blog.title')}
      intro={t('vlog.blog.intro')}
      empty={t('vlog.blog.empty')}
      category={category}
      categories={categories}
      posts={posts}
    />
  );
}

export const ErrorBoundary = RouteErrorContent;
