import { data, Link, useLoaderData } from 'react-router';
import type { CollectedPost, Page, PostCard } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { AccountLayout } from '../components/account/AccountLayout';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { PostDate } from '../components/posts/PostCards';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle, type Settled } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { editHref, listHref, postHref, postPage } from '../lib/posts';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/user.vlog';
import classes from './user.vlog.module.css';
import { useConfirmedDelete } from '../components/use-confirmed-delete';

const PAGE_SIZE = 10;
type Tab = 'posts' | 'collections';

/** Signed-in users only: this loader checks it itself (spec §6), never relying on a parent. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const params = new URL(request.url).searchParams;
  const tab: Tab = params.get('tab') === 'collections' ? 'collections' : 'posts';
  const page = postPage(params.get('page'));
  const { api } = pageApi(request, context);
  if (tab === 'collections') {
    const collections = await settle(api.op(ops.collections, { page, limit: PAGE_SIZE }));
    return data({ tab, posts: null, collections }, { status: pageStatus(collections) });
  }
  const posts = await settle(api.op(ops.myPosts, { page, limit: PAGE_SIZE }));
  return data({ tab, posts, collections: null }, { status: pageStatus(posts) });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'header.account.blog' }, noindex: true });

/** My blog (spec §2 /user/vlog, §3 Creation post): every post of the user in every state, and their bookmarks. */
export default function MyBlog() {
  const t = useT();
  const { tab, posts, collections } = useLoaderData<typeof loader>();
  return (
    <AccountLayout title={t('header.account.blog')}>
      <div className={classes.top}>
        <nav className={classes.tabs} aria-label={t('creation.list.tabs')}>
          <Link to="/user/vlog" className={classes.tab} aria-current={tab === 'posts' ? 'page' : undefined} data-testid="my-posts-tab">
            {t('creation.list.posts')}
          </Link>
          <Link to="/user/vlog?tab=collections" className={classes.tab} aria-current={tab === 'collections' ? 'page' : undefined} data-testid="my-collections-tab">
            {t('creation.list.collections')}
          </Link>
        </nav>
        <Link to="/user/creation" className={classes.primary} data-testid="my-posts-create">
          {t('vlog.personal.create')}
        </Link>
      </div>
      {posts && <MyPosts posts={posts} />}
      {collections && <MyCollections collections={collections} />}
    </AccountLayout>
  );
}

function StatusBadge({ post }: { post: PostCard }) {
  const t = useT();
  const status = post.kind === 'video' ? (post.video?.status ?? 'processing') : 'published';
  const label =
    status === 'ready' || status === 'published' ? t('creation.status.published') : status === 'failed' ? t('creation.status.failed') : t('creation.status.processing');
  return (
    <span className={classes.badge} data-status={status} data-testid="my-post-status">
      {label}
    </span>
  );
}

function MyPosts({ posts }: { posts: Settled<Page<PostCard>> }) {
  const t = useT();
  if (!posts.ok) return <ErrorNotice error={posts.error} />;
  const { list, page, total, limit } = posts.data;
  if (list.length === 0)
    return (
      <div className={classes.empty} data-testid="my-posts-empty">
        <p>{t(page > 1 ? 'vlog.list.pageEmpty' : 'vlog.personal.mineEmpty')}</p>
      </div>
    );
  return (
    <>
      <div className={classes.tableWrap}>
        <table className={classes.table} data-testid="my-posts">
          <caption className="bw-visually-hidden">{t('creation.list.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('creation.list.cover')}</th>
              <th scope="col">{t('creation.list.title')}</th>
              <th scope="col">{t('creation.list.type')}</th>
              <th scope="col">{t('creation.list.category')}</th>
              <th scope="col">{t('creation.list.status')}</th>
              <th scope="col">{t('creation.list.likes')}</th>
              <th scope="col">{t('creation.list.time')}</th>
              <th scope="col">{t('creation.list.updated')}</th>
              <th scope="col">
                <span className="bw-visually-hidden">{t('creation.list.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((post) => {
              const visible = post.kind === 'image_text' || !!post.video?.playable;
              return (
                <tr key={post.id} data-testid="my-post" data-post-id={post.id}>
                  <td>
                    <img className={classes.thumb} src={post.cover.thumb} alt="" width={96} height={54} loading="lazy" />
                  </td>
                  <th scope="row" className={classes.titleCell}>
                    {visible ? <Link to={postHref(post)}>{post.title}</Link> : post.title}
                  </th>
                  <td>{t(post.kind === 'video' ? 'vlog.kind.video' : 'vlog.kind.imageText')}</td>
                  <td>{post.category.name}</td>
                  <td>
                    <StatusBadge post={post} />
                  </td>
                  <td className={classes.number}>{post.counts.likes}</td>
                  <td>
                    <PostDate date={post.createdAt} withTime />
                  </td>
                  <td>
                    <PostDate date={post.updatedAt} withTime />
                  </td>
                  <td>
                    <div className={classes.actions}>
                      <Link to={editHref(post.id)} className={classes.button} data-testid="my-post-edit">
                        {t('post.page.edit')}
                      </Link>
                      <DeletePost id={post.id} title={post.title} />
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination page={page} total={total} limit={limit} hrefFor={(p) => listHref('/user/vlog', { page: p })} />
    </>
  );
}

/** Delete with an inline confirmation (its pictures and video go with it); the list then reloads. */
function DeletePost({ id, title }: { id: string; title: string }) {
  const t = useT();
  const { phase, setPhase, remove, hydrated } = useConfirmedDelete(ops.deletePost, id, t('creation.delete.done'));

  if (phase === 'idle')
    return (
      <button type="button" className={classes.danger} onClick={() => setPhase('confirm')} disabled={!hydrated} data-testid="my-post-delete">
        {t('creation.delete.button')}
      </button>
    );
  return (
    <span className={classes.confirm} role="group" aria-label={t('creation.delete.question', { title })}>
      <span>{t('creation.delete.short')}</span>
      <button type="button" className={classes.danger} onClick={remove} disabled={phase === 'sending'} data-testid="my-post-delete-confirm" autoFocus>
        {t('creation.delete.confirm')}
      </button>
      <button type="button" className={classes.button} onClick={() => setPhase('idle')} disabled={phase === 'sending'}>
        {t('creation.delete.cancel')}
      </button>
    </span>
  );
}

function MyCollections({ collections }: { collections: Settled<Page<CollectedPost>> }) {
  const t = useT();
  if (!collections.ok) return <ErrorNotice error={collections.error} />;
  const { list, page, total, limit } = collections.data;
  if (list.length === 0)
    return (
      <div className={classes.empty} data-testid="my-collections-empty">
        <p>{t(page > 1 ? 'vlog.list.pageEmpty' : 'creation.list.collectionsEmpty')}</p>
        <Link to="/vlog/index">{t('vlog.index.title')}</Link>
      </div>
    );
  return (
    <>
      <ul className={classes.collections} data-testid="my-collections">
        {list.map((post) => (
          <li key={post.id} className={classes.collection} data-testid="my-collection">
            <img className={classes.thumb} src={post.cover.thumb} alt="" width={128} height={72} loading="lazy" />
            <div>
              <Link to={postHref(post)} className={classes.collectionTitle}>
                {post.title}
              </Link>
              <p className={classes.muted}>
                {post.author.username} · {t(post.kind === 'video' ? 'vlog.kind.video' : 'vlog.kind.imageText')} · {t('creation.list.collectedAt')}{' '}
                <PostDate date={post.collectedAt} />
              </p>
            </div>
          </li>
        ))}
      </ul>
      <Pagination page={page} total={total} limit={limit} hrefFor={(p) => listHref('/user/vlog', { tab: 'collections', page: p })} />
    </>
  );
}

export const ErrorBoundary = RouteErrorContent;
