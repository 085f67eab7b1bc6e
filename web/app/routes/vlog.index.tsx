import { useLoaderData } from 'react-router';
import { PostListPage } from '../components/posts/PostListPage';
import { RouteErrorContent } from '../components/StatusPage';
import { pageMeta } from '../lib/meta';
import { loadKindList } from '../lib/posts.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/vlog.index';

/** /vlog/index (Trader TV): the newest playable videos, by category, 12 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadKindList(request, context, 'video');
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({
    matches,
    location,
    title: { id: 'vlog.index.title' },
    description: { id: 'vlog.index.intro' },
    canonicalParams: ['category', 'page'],
    image: loaderData?.posts.ok ? loaderData.posts.data.list[0]?.cover.url : null,
  });

export default function TraderTv() {
  const t = useT();
  const { category, categories, posts } = useLoaderData<typeof loader>();
  return (
    <PostListPage
      kind="video"
      pathname="/vlog/index"
      title={t('vlog.index.title')}
      intro={t('vlog.index.intro')}
      empty={t('vlog.index.empty')}
      category={category}
      categories={categories}
      posts={posts}
    />
  );
}

export const ErrorBoundary = RouteErrorContent;
