import { useState } from 'react';
import { Link } from 'react-router';
import type { CommentPage, PostAuthor, PostDetail, PublicUser } from '@brokerwise/api-contract';
import type { ApiFailure, Settled } from '../../lib/api';
import { editHref, listHref, personalHref, type PostActionResult } from '../../lib/posts';
import { useT } from '../../lib/use-t';
import { ErrorNotice } from '../ErrorNotice';
import { Picture, preloadPicture, sizesAttr, type Slots } from '../Picture';
import { useSession } from '../SessionProvider';
import { AdaptiveVideo, isHls } from './AdaptiveVideo';
import { CommentsSection } from './Comments';
import { FollowButton, type FollowState } from './FollowButton';
import { PostActions } from './PostActions';
import { ReportButton } from '../ReportButton';
import { Avatar, PostDate } from './PostCards';
import classes from './PostDetail.module.css';
import buttons from './Posts.module.css';

export type DetailData =
  | { ok: false; error: ApiFailure }
  | { ok: true; post: PostDetail; comments: Settled<CommentPage>; author: Settled<PublicUser>; commentPage: number; csrf: string };

/** The page of one post: the player (video) or the article (image-text), author, actions, comments. */
export function PostDetailView({ loaded, pathname, fallback }: { loaded: DetailData; pathname: string; fallback: PostActionResult | null }) {
  const t = useT();
  if (!loaded.ok) {
    return (
      <div className={`bw-container ${classes.page}`}>
        <h1 className={classes.headline}>{t('post.page.unavailable')}</h1>
        <ErrorNotice error={loaded.error} />
      </div>
    );
  }
  const { post, comments, author, csrf } = loaded;
  const listPath = post.kind === 'video' ? '/vlog/index' : '/vlog/blog';
  return (
    <div className={`bw-container ${classes.page}`} data-testid="post-detail" data-post-id={post.id} data-kind={post.kind}>
      <div className={classes.layout}>
        <article className={classes.main} aria-labelledby="post-title">
          {post.kind === 'video' ? <Player post={post} /> : <Hero post={post} />}
          <h1 id="post-title" className={classes.headline}>
            {post.title}
          </h1>
          <p className={classes.meta}>
            <Link to={listHref(listPath, { category: post.category.slug })} className={classes.categoryLink}>
              {post.category.name}
            </Link>
            <span>
              {t('post.page.published')} <PostDate date={post.createdAt} />
            </span>
            {post.updatedAt !== post.createdAt && (
              <span>
                {t('post.page.updated')} <PostDate date={post.updatedAt} />
              </span>
            )}
            {post.mine && (
              <Link to={editHref(post.id)} className={buttons.button} data-testid="post-edit">
                {t('post.page.edit')}
              </Link>
            )}
          </p>
          <PostActions post={post} csrf={csrf} fallback={fallback} />
          {!post.mine && <ReportButton kind="post" targetId={post.id} />}
          {post.description && (
            <p className={classes.description} data-testid="post-description">
              {post.description}
            </p>
          )}
          {post.kind === 'image_text' && (
            // Sanitised by the media service (allow-listed tags, own /media/ pictures, nofollow links).
            <div className={classes.article} data-testid="post-content" dangerouslySetInnerHTML={{ __html: post.content }} />
          )}
          <CommentsSection postId={post.id} pathname={pathname} comments={comments} csrf={csrf} fallback={fallback} />
        </article>
        <aside className={classes.aside} aria-label={t('post.author.label')}>
          <AuthorCard author={post.author} profile={author} />
        </aside>
      </div>
    </div>
  );
}

/** The page column: beside the 300 px side column, or the whole width under 900 px. */
const HERO_SLOTS: Slots = [
  ['(min-width: 1240px)', '876px'],
  ['(min-width: 901px)', 'calc(100vw - 364px)'],
  [null, 'calc(100vw - 40px)'],
];
const HERO_SIZES = sizesAttr(HERO_SLOTS);
/** A 1 × 1 transparent GIF (no request): the player's poster, through which the poster <picture> shows. */
const CLEAR_PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** An image post's cover: the page's largest paint, preloaded (head, high priority) in the size this screen takes. */
function Hero({ post }: { post: PostDetail }) {
  preloadPicture(post.cover.url, post.cover.srcset, HERO_SIZES);
  return <Picture sources={post.cover.srcset} sizes={HERO_SIZES} className={classes.hero} src={post.cover.url} alt="" width={1280} height={720} fetchPriority="high" />;
}

/**
 * Adaptive HLS (hls.js, or Safari's own player) for videos made since ADR 032; the native player
 * on the mp4 of older ones (Range requests are served, so seeking works); the spec §8 text when
 * not playable.
 */
function Player({ post }: { post: PostDetail }) {
  const t = useT();
  const video = post.video;
  if (video?.playable && video.url) {
    // The poster (or the cover) as a <picture> behind the player, in the AVIF or WebP size this
    // screen needs: a <video poster> takes one address. The video's own poster is a transparent
    // pixel, so the browser draws its controls over the picture until playback, as over a poster
    // (without one, Chrome paints a grey panel before the source is attached). Drawn `contain`ed
    // in the 16:9 player, so a portrait one needs less of the width.
    const poster = video.poster
      ? { src: video.poster, sources: video.posterSrcset, width: video.width ?? 1280, height: video.height ?? 720 }
      : { src: post.cover.url, sources: post.cover.srcset, width: 1280, height: 720 };
    const sizes = sizesAttr(HERO_SLOTS, poster.width / poster.height / (16 / 9));
    // The page's largest paint: fetched with the HTML's first bytes, the same srcset and sizes, so one download.
    preloadPicture(poster.src, poster.sources, sizes);
    // HLS plays through AdaptiveVideo (hls.js where needed); older posts' single mp4 through <video>.
    const Player = isHls(video.url) ? AdaptiveVideo : 'video';
    return (
      <div className={classes.player}>
        <Picture sources={poster.sources} sizes={sizes} className={classes.poster} src={poster.src} alt="" width={poster.width} height={poster.height} fetchPriority="high" data-testid="post-poster" />
        <Player
          controls
          preload="metadata"
          playsInline
          poster={CLEAR_PIXEL}
          src={video.url}
          width={video.width ?? 1280}
          height={video.height ?? 720}
          aria-label={post.title}
          data-testid="post-video"
        />
      </div>
    );
  }
  return (
    <div className={classes.unavailable} data-testid="video-unavailable">
      <img src={post.cover.url} alt="" width={1280} height={720} />
      <p role="status">{video?.message || t('post.video.unavailable')}</p>
    </div>
  );
}

/** Avatar, name (→ the profile), follower count and Follow / Followed. */
function AuthorCard({ author, profile }: { author: PostAuthor; profile: Settled<PublicUser> }) {
  const t = useT();
  const { user } = useSession();
  const [follow, setFollow] = useState<FollowState>({
    followed: profile.ok ? profile.data.followed : false,
    followers: profile.ok ? profile.data.followers : 0,
  });
  const own = user?.id === author.id;
  return (
    <section className={classes.card} data-testid="author-card">
      <div className={classes.authorHead}>
        <Avatar author={author} size={52} />
        <div>
          <Link to={personalHref(author.id)} className={classes.authorName} data-testid="author-link">
            {author.username || t('post.author.unknown')}
          </Link>
          {profile.ok && profile.data.motto && <p className={classes.small}>{profile.data.motto}</p>}
        </div>
      </div>
      <div className={classes.authorFoot}>
        {profile.ok ? (
          <p className={classes.small} data-testid="author-followers" data-count={follow.followers}>
            {t('post.author.followers', { count: follow.followers })}
          </p>
        ) : (
          <span />
        )}
        {!own && profile.ok && <FollowButton userId={author.id} followed={follow.followed} onChange={setFollow} />}
      </div>
    </section>
  );
}
