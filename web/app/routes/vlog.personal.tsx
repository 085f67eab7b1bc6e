import { useState } from 'react';
import { data, Link, redirect, useLoaderData, useRevalidator } from 'react-router';
import type { CreatorFan, CreatorProfile, FeedItem } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { FollowButton, type FollowState } from '../components/posts/FollowButton';
import { ReportButton } from '../components/ReportButton';
import { Avatar, PostCardView, PostDate, PostGrid } from '../components/posts/PostCards';
import { UnforwardButton } from '../components/posts/UnforwardButton';
import { useSession } from '../components/SessionProvider';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { FANS_PAGE_SIZE, isUserId, personalHref, postPage, POST_PAGE_SIZE } from '../lib/posts';
import { useT } from '../lib/use-t';
import type { Route } from './+types/vlog.personal';
import classes from './vlog.personal.module.css';
import posts from '../components/posts/Posts.module.css';

type Tab = 'posts' | 'feed' | 'fans';
const TABS: readonly Tab[] = ['posts', 'feed', 'fans'];

/**
 * /vlog/personal?uid=<userId>&tab=posts|feed|fans&page= (spec "author profile, fans"): the
 * creator's card, their figures, and their posts, their feed (posts and forwards) or their fans. `?id=` (older links) is sent
 * to `?uid=`; an unknown or malformed id → /404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const legacy = params.get('id')?.trim();
  if (!params.get('uid') && legacy) throw redirect(personalHref(legacy), 301);
  const uid = params.get('uid')?.trim() ?? '';
  if (!isUserId(uid)) throw redirect('/404');
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'posts';
  const page = postPage(params.get('page'));
  const { api } = pageApi(request, context);
  // The visitor's cookie goes along, so `followed` is the visitor's own.
  // The fans tab needs only the creator's card from /api/vlog/user (one post, not shown).
  const [result, fans] = await Promise.all([
    settle(api.op(ops.creatorPage, tab === 'fans' ? { uid, tab: 'posts', page: 1, limit: 1 } : { uid, tab, page, limit: POST_PAGE_SIZE })),
    tab === 'fans' ? settle(api.op(ops.fans, { uid, page, limit: FANS_PAGE_SIZE })) : null,
  ]);
  if (!result.ok && (result.error.status === 404 || result.error.status === 400)) throw redirect('/404');
  return data({ uid, tab, page, result, fans }, { status: pageStatus(result, fans) });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const author = loaderData?.result.ok ? loaderData.result.data.author : null;
  return pageMeta({
    matches,
    location,
    title: author ? { id: 'personal.page.title', values: { username: author.username } } : { id: 'personal.page.fallbackTitle' },
    description: author?.motto ? author.motto : { id: 'personal.page.description' },
    canonicalParams: ['uid', 'tab', 'page'],
    ogType: 'profile',
    image: author?.avatar.avatar || null,
    noindex: !author,
  });
};

/** Author profile (spec §2 "author profile, fans"): avatar, name, motto, figures, Follow / Followed, posts and feed. */
export default function PersonalPage() {
  const t = useT();
  const { uid, tab, result, fans } = useLoaderData<typeof loader>();
  if (!result.ok) {
    return (
      <div className={`bw-container ${classes.page}`}>
        <h1 className="bw-visually-hidden">{t('personal.page.fallbackTitle')}</h1>
        <ErrorNotice error={result.error} />
      </div>
    );
  }
  const { author } = result.data;
  return (
    <div className={`bw-container ${classes.page}`}>
      <Profile key={author.id} author={author} />
      <nav className={classes.tabs} aria-label={t('vlog.personal.tabs')}>
        <Link to={personalHref(uid)} className={classes.tab} aria-current={tab === 'posts' ? 'page' : undefined} data-testid="personal-tab-posts">
          {t('vlog.personal.posts')}
        </Link>
        <Link to={personalHref(uid, 'feed')} className={classes.tab} aria-current={tab === 'feed' ? 'page' : undefined} data-testid="personal-tab-feed">
          {t('vlog.personal.feed')}
        </Link>
        <Link to={personalHref(uid, 'fans')} className={classes.tab} aria-current={tab === 'fans' ? 'page' : undefined} data-testid="personal-tab-fans">
          {t('personal.fans.tab')}
        </Link>
      </nav>
      {tab === 'posts' && result.data.posts && (
        <>
          <PostGrid posts={result.data.posts.list} empty={t(author.mine ? 'vlog.personal.mineEmpty' : 'vlog.personal.empty')} />
          <Pagination
            page={result.data.posts.page}
            total={result.data.posts.total}
            limit={result.data.posts.limit}
            hrefFor={(p) => personalHref(uid, 'posts', p)}
          />
        </>
      )}
      {tab === 'feed' && result.data.feed && (
        <>
          {result.data.feed.list.length === 0 ? (
            <p className={posts.empty} data-testid="posts-empty">
              {t('vlog.personal.feedEmpty')}
            </p>
          ) : (
            <ol className={classes.feed} data-testid="personal-feed">
              {result.data.feed.list.map((item) => (
                <li key={`${item.type}-${item.forward?.id ?? item.post.id}`}>
                  <FeedEntry item={item} author={author} />
                </li>
              ))}
            </ol>
          )}
          <Pagination page={result.data.feed.page} total={result.data.feed.total} limit={result.data.feed.limit} hrefFor={(p) => personalHref(uid, 'feed', p)} />
        </>
      )}
      {tab === 'fans' && fans && !fans.ok && <ErrorNotice error={fans.error} />}
      {tab === 'fans' && fans?.ok && (
        <>
          {fans.data.list.length === 0 ? (
            <p className={posts.empty} data-testid="fans-empty">
              {t(author.mine ? 'personal.fans.mineEmpty' : 'personal.fans.empty')}
            </p>
          ) : (
            <ul className={classes.fans} data-testid="personal-fans">
              {fans.data.list.map((fan) => (
                <li key={fan.id}>
                  <FanEntry fan={fan} />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={fans.data.page} total={fans.data.total} limit={fans.data.limit} hrefFor={(p) => personalHref(uid, 'fans', p)} />
        </>
      )}
    </div>
  );
}

/** One fan: avatar and name (to their profile), when they followed, and Follow / Followed (hidden on the visitor's own entry). */
function FanEntry({ fan }: { fan: CreatorFan }) {
  const t = useT();
  const session = useSession();
  const [followed, setFollowed] = useState(fan.followed);
  return (
    <article className={classes.fan} data-testid="fan-item">
      <Link to={personalHref(fan.id)} className={classes.fanLink}>
        <Avatar author={fan} size={44} />
        <span className={classes.fanName}>{fan.username}</span>
      </Link>
      <span className={classes.fanSince}>
        {t('personal.fans.since')} <PostDate date={fan.followedAt} />
      </span>
      {session.user?.id !== fan.id && <FollowButton userId={fan.id} followed={followed} onChange={(s) => setFollowed(s.followed)} />}
    </article>
  );
}

/** One feed entry; on the visitor's own feed a forward offers Undo forward (the feed then reloads without it). */
function FeedEntry({ item, author }: { item: FeedItem; author: CreatorProfile }) {
  const t = useT();
  const revalidator = useRevalidator();
  return (
    <article className={classes.feedItem} data-testid="feed-item" data-type={item.type}>
      <p className={classes.feedHead}>
        <Avatar author={author} size={28} />
        <span>
          {t(item.type === 'forward' ? 'vlog.personal.forwarded' : 'vlog.personal.posted', { username: author.username })}
        </span>
        <PostDate date={item.at} className={classes.feedDate} />
        {author.mine && item.type === 'forward' && (
          <UnforwardButton postId={item.post.id} onDone={() => revalidator.revalidate()} className={`${posts.button} ${posts.endAction}`} testId="feed-unforward">
            {t('post.action.unforward')}
          </UnforwardButton>
        )}
      </p>
      {item.forward?.comment && (
        <p className={classes.feedComment} data-testid="feed-comment">
          {item.forward.comment}
        </p>
      )}
      <div className={classes.feedPost}>
        <PostCardView post={item.post} />
      </div>
    </article>
  );
}

function Profile({ author }: { author: CreatorProfile }) {
  const t = useT();
  const [state, setState] = useState<FollowState>({ followed: author.followed, followers: author.followers });
  const stats: { id: string; label: string; value: number }[] = [
    { id: 'followers-count', label: t('personal.stats.followers'), value: state.followers },
    { id: 'following-count', label: t('personal.stats.following'), value: author.following },
    { id: 'posts-count', label: t('vlog.personal.postsCount'), value: author.posts },
    { id: 'likes-count', label: t('vlog.personal.likes'), value: author.likesReceived },
    { id: 'collections-count', label: t('vlog.personal.collections'), value: author.collectionsReceived },
  ];
  return (
    <section className={classes.card} aria-labelledby="personal-name" data-testid="personal-card">
      <span className={classes.avatarBox}>
        <Avatar author={author} size={112} />
      </span>
      <div className={classes.body}>
        <h1 id="personal-name" className={classes.name}>
          {author.username}
        </h1>
        <p className={classes.motto}>{author.motto || t('personal.page.noMotto')}</p>
        <dl className={classes.stats}>
          {stats.map((s) => (
            <div key={s.id}>
              <dt>{s.label}</dt>
              <dd data-testid={s.id}>{s.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      {author.mine ? (
        <Link to="/user/creation" className={posts.primaryButton}>
          {t('vlog.personal.create')}
        </Link>
      ) : (
        <>
          <FollowButton className={classes.follow} size="md" userId={author.id} followed={state.followed} onChange={setState} />
          <ReportButton kind="profile" targetId={author.id} authorId={author.id} />
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorContent;
