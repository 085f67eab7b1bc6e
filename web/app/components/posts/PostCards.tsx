import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { PostAuthor, PostCard, PostCategory } from '@brokerwise/api-contract';
import { formatDuration, personalHref, postHref } from '../../lib/posts';
import { useT } from '../../lib/use-t';
import { Picture } from '../Picture';
import { ArticleIcon, HeartIcon, PlayIcon } from './post-icons';
import classes from './Posts.module.css';

/** A date in the page's language; UTC, so the server's and the browser's renders agree. */
export function PostDate({ date, withTime = false, className }: { date: string; withTime?: boolean; className?: string }) {
  const intl = useIntl();
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return null;
  return (
    <time dateTime={date} className={className}>
      {intl.formatDate(parsed, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
        timeZone: 'UTC',
      })}
    </time>
  );
}

/** A creator's picture, or their initial when they have none. */
export function Avatar({ author, size = 32 }: { author: Pick<PostAuthor, 'username' | 'avatar'>; size?: number }) {
  if (author.avatar?.avatar)
    return <img className={classes.avatar} src={author.avatar.avatar} alt="" width={size} height={size} style={{ width: size, height: size }} />;
  return (
    <span className={classes.avatar} style={{ width: size, height: size, fontSize: Math.round(size * 0.42) }} aria-hidden="true">
      {[...author.username][0]?.toUpperCase() ?? '?'}
    </span>
  );
}

/** Cards in the post grids: one to four columns of the 1200 px page column. */
const CARD_SIZES = '(min-width: 1080px) 300px, (min-width: 800px) 33vw, (min-width: 520px) 50vw, 100vw';

/** A post in a grid (spec §3: cover, title, author, likes, date; videos show their length). */
export function PostCardView({ post, headingLevel = 2 }: { post: PostCard; headingLevel?: 2 | 3 }) {
  const t = useT();
  const href = postHref(post);
  const duration = post.kind === 'video' ? formatDuration(post.video?.duration) : '';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={classes.card} data-testid="post-card" data-post-id={post.id} data-kind={post.kind}>
      <Link to={href} className={classes.thumb} tabIndex={-1} aria-hidden="true">
        <Picture sources={post.cover.srcset} sizes={CARD_SIZES} src={post.cover.thumb} alt="" width={480} height={270} loading="lazy" decoding="async" />
        {post.kind === 'video' ? (
          duration && (
            <span className={classes.duration}>
              <PlayIcon size={11} />
              {duration}
            </span>
          )
        ) : (
          <span className={classes.kindBadge}>
            <ArticleIcon size={12} />
            {t('post.kind.imageText')}
          </span>
        )}
      </Link>
      <div className={classes.cardBody}>
        <span className={classes.category}>{post.category.name}</span>
        <Heading className={classes.cardTitle}>
          <Link to={href}>{post.title}</Link>
        </Heading>
        <p className={classes.cardMeta}>
          <Link to={personalHref(post.author.id)} data-testid="post-card-author">
            {post.author.username || t('post.author.unknown')}
          </Link>
          <span className={classes.stat} aria-label={t('post.stats.likes', { count: post.counts.likes })}>
            <HeartIcon size={14} />
            {post.counts.likes}
          </span>
          <PostDate date={post.createdAt} />
        </p>
      </div>
    </article>
  );
}

/** A grid of cards, or the given empty-state text. */
export function PostGrid({ posts, empty, headingLevel = 2 }: { posts: PostCard[]; empty: string; headingLevel?: 2 | 3 }) {
  if (posts.length === 0)
    return (
      <p className={classes.empty} data-testid="posts-empty">
        {empty}
      </p>
    );
  return (
    <ul className={classes.grid} data-testid="post-grid">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCardView post={post} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** Category chips as real links (crawlable, no script); "All" clears the filter. */
export function CategoryChips({ categories, active, hrefFor }: { categories: PostCategory[]; active: string | null; hrefFor: (slug: string | null) => string }) {
  const t = useT();
  return (
    <nav aria-label={t('vlog.categories.label')}>
      <ul className={classes.chips} data-testid="category-chips">
        <li>
          <Link to={hrefFor(null)} className={classes.chip} aria-current={active === null ? 'page' : undefined}>
            {t('vlog.categories.all')}
          </Link>
        </li>
        {categories.map((c) => (
          <li key={c.slug}>
            <Link to={hrefFor(c.slug)} className={classes.chip} aria-current={active === c.slug ? 'page' : undefined}>
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
