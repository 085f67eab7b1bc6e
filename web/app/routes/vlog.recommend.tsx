import { data, Link, useLoaderData } from 'react-router';
import * as ops from '@brokerwise/api-contract/paths';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { PostGrid } from '../components/posts/PostCards';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { isPostKind, listHref, postPage, POST_PAGE_SIZE } from '../lib/posts';
import { useT } from '../lib/use-t';
import type { Route } from './+types/vlog.recommend';
import classes from '../components/posts/Posts.module.css';

/** /vlog/recommend?kind=: posts by recent engagement (likes, comments, bookmarks) with time decay. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const raw = params.get('kind');
  const kind = isPostKind(raw) ? raw : null;
  const page = postPage(params.get('page'));
  const { api } = pageApi(request, context);
  const posts = await settle(api.op(ops.recommendedPosts, { kind, page, limit: POST_PAGE_SIZE }));
  return data({ kind, posts }, { status: pageStatus(posts) });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location, title: { id: 'vlog.recommend.title' }, description: { id: 'vlog.recommend.intro' }, canonicalParams: ['kind', 'page'] });

export default function Recommended() {
  const t = useT();
  const { kind, posts } = useLoaderData<typeof loader>();
  const tabs = [
    { kind: null, label: t('vlog.kind.all') },
    { kind: 'video', label: t('vlog.kind.video') },
    { kind: 'image_text', label: t('vlog.kind.imageText') },
  ] as const;
  return (
    <div className="bw-container" data-testid="post-recommend">
      <header className={classes.head}>
        <div>
          <h1 className={classes.title}>{t('vlog.recommend.title')}</h1>
          <p className={classes.lead}>{t('vlog.recommend.intro')}</p>
        </div>
        <div className={classes.headLinks}>
          <Link to="/vlog/index" className={classes.button}>
            {t('vlog.index.title')}
          </Link>
          <Link to="/vlog/blog" className={classes.button}>
            {t('vlog.blog.title')}
          </Link>
          <Link to={listHref('/vlog/search', { kind })} className={classes.button}>
            {t('vlog.list.search')}
          </Link>
        </div>
      </header>
      <nav aria-label={t('vlog.kind.label')}>
        <ul className={classes.chips}>
          {tabs.map((tab) => (
            <li key={tab.kind ?? 'all'}>
              <Link to={listHref('/vlog/recommend', { kind: tab.kind })} className={classes.chip} aria-current={kind === tab.kind ? 'page' : undefined}>
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {!posts.ok ? (
        <ErrorNotice error={posts.error} />
      ) : (
        <>
          <PostGrid posts={posts.data.list} empty={t(posts.data.page > 1 ? 'vlog.list.pageEmpty' : 'vlog.recommend.empty')} />
          <Pagination page={posts.data.page} total={posts.data.total} limit={posts.data.limit} hrefFor={(p) => listHref('/vlog/recommend', { kind, page: p })} />
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorContent;
