import { data, Form, Link, useLoaderData } from 'react-router';
import type { Page, PostCard } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { PostGrid } from '../components/posts/PostCards';
import { SearchIcon } from '../components/icons';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle, type Settled } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { isPostKind, listHref, postPage, POST_PAGE_SIZE } from '../lib/posts';
import { useT } from '../lib/use-t';
import type { Route } from './+types/vlog.search';
import classes from '../components/posts/Posts.module.css';
import own from './vlog-search.module.css';

const KEYWORD_MAX = 200;

/** The example searches of the visitor's language ("gold, EUR/USD, 非农"): placeholder and links. */
const exampleSearches = (list: string): string[] => list.split(/\s*[,，、]\s*/u).filter((w) => w !== '');

/**
 * /vlog/search?keyword=&kind=: posts whose title, description or text hold every word (both
 * languages; Chinese as a substring). No keyword: a prompt, and no call.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const keyword = (params.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX);
  const raw = params.get('kind');
  const kind = isPostKind(raw) ? raw : null;
  const page = postPage(params.get('page'));
  if (!keyword) return data({ keyword, kind, posts: null as Settled<Page<PostCard>> | null });
  const { api } = pageApi(request, context);
  const posts = await settle(api.op(ops.searchPosts, { keyword, kind, page, limit: POST_PAGE_SIZE }));
  return data({ keyword, kind, posts: posts as Settled<Page<PostCard>> | null }, { status: pageStatus(posts) });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({
    matches,
    location,
    title: loaderData?.keyword ? { id: 'vlog.search.resultsTitle', values: { keyword: loaderData.keyword } } : { id: 'vlog.search.title' },
    description: { id: 'vlog.search.intro' },
    // Result pages stay out of search engines; the empty search page is the one to index.
    noindex: !!loaderData?.keyword,
    canonicalParams: [],
  });

/** Example searches as links (each finds posts: e2e/find.e2e.test.ts), shown while there is nothing to show. */
function Suggestions() {
  const t = useT();
  return (
    <p className={own.suggestions} data-testid="post-search-suggestions">
      <span>{t('vlog.search.suggestions')}</span>
      {exampleSearches(t('vlog.search.examples')).map((word) => (
        <Link key={word} to={listHref('/vlog/search', { keyword: word })} className={own.suggestion}>
          {word}
        </Link>
      ))}
    </p>
  );
}

export default function SearchPosts() {
  const t = useT();
  const { keyword, kind, posts } = useLoaderData<typeof loader>();
  const examples = t('vlog.search.examples');
  return (
    <div className="bw-container" data-testid="post-search">
      <header className={classes.head}>
        <div>
          <h1 className={classes.title}>{t('vlog.search.title')}</h1>
          <p className={classes.lead}>{t('vlog.search.intro')}</p>
        </div>
      </header>
      <Form method="get" action="/vlog/search" role="search" className={classes.searchForm} key={keyword}>
        <label htmlFor="post-keyword" className="bw-visually-hidden">
          {t('vlog.search.label')}
        </label>
        <input
          id="post-keyword"
          type="search"
          name="keyword"
          defaultValue={keyword}
          maxLength={KEYWORD_MAX}
          placeholder={t('vlog.search.placeholder', { examples })}
          data-testid="post-search-input"
        />
        {kind && <input type="hidden" name="kind" value={kind} />}
        <button type="submit" className={classes.primaryButton}>
          <SearchIcon size={16} />
          {t('vlog.search.submit')}
        </button>
      </Form>
      {!keyword || !posts ? (
        <>
          <p className={classes.empty} data-testid="post-search-prompt">
            {t('vlog.search.prompt')}
          </p>
          <Suggestions />
        </>
      ) : !posts.ok ? (
        <ErrorNotice error={posts.error} />
      ) : (
        <>
          <p className={classes.resultsLine} role="status" data-testid="post-search-count">
            {t('vlog.search.count', { count: posts.data.total, keyword })}
          </p>
          <PostGrid posts={posts.data.list} empty={t('vlog.search.empty', { keyword })} />
          {posts.data.total === 0 && <Suggestions />}
          <Pagination page={posts.data.page} total={posts.data.total} limit={posts.data.limit} hrefFor={(p) => listHref('/vlog/search', { keyword, kind, page: p })} />
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorContent;
