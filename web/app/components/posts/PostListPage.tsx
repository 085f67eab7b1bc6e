import { Link } from 'react-router';
import type { Page, PostCard, PostCategory } from '@brokerwise/api-contract';
import type { Settled } from '../../lib/api';
import { listHref } from '../../lib/posts';
import { useT } from '../../lib/use-t';
import { ErrorNotice } from '../ErrorNotice';
import { Pagination } from '../Pagination';
import { CategoryChips, PostGrid } from './PostCards';
import classes from './Posts.module.css';

/** The frame of a list of posts: heading, links to recommended and search, chips, grid, pages. */
export function PostListPage(props: {
  pathname: string;
  title: string;
  intro: string;
  empty: string;
  category: string | null;
  categories: Settled<PostCategory[]>;
  posts: Settled<Page<PostCard>>;
  kind: 'video' | 'image_text';
}) {
  const t = useT();
  const { pathname, category, posts } = props;
  return (
    <div className="bw-container" data-testid={`post-list-${props.kind}`}>
      <header className={classes.head}>
        <div>
          <h1 className={classes.title}>{props.title}</h1>
          <p className={classes.lead}>{props.intro}</p>
        </div>
        <div className={classes.headLinks}>
          <Link to={listHref('/vlog/recommend', { kind: props.kind })} className={classes.button}>
            {t('vlog.list.recommend')}
          </Link>
          <Link to={listHref('/vlog/search', { kind: props.kind })} className={classes.button}>
            {t('vlog.list.search')}
          </Link>
        </div>
      </header>
      {props.categories.ok && (
        <CategoryChips categories={props.categories.data} active={category} hrefFor={(slug) => listHref(pathname, { category: slug })} />
      )}
      {!posts.ok ? (
        <ErrorNotice error={posts.error} />
      ) : (
        <>
          <PostGrid posts={posts.data.list} empty={posts.data.page > 1 ? t('vlog.list.pageEmpty') : props.empty} />
          <Pagination page={posts.data.page} total={posts.data.total} limit={posts.data.limit} hrefFor={(p) => listHref(pathname, { category, page: p })} />
        </>
      )}
    </div>
  );
}
