import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { data, Form, Link, redirect, useLoaderData, useNavigation, useRevalidator } from 'react-router';
import { safeLocalPath } from '@brokerwise/safe-url';
import type { Notice, NoticeType, UnreadNotices } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { AccountLayout } from '../components/account/AccountLayout';
import { useHydrated } from '../components/account/use-form';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { announceUnread, NOTICE_NEW_EVENT, NOTICE_UNREAD_EVENT } from '../lib/notice-events';
import { readCsrfToken } from '../lib/session';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/user.notice';
import classes from './user.notice.module.css';

const noticeType = (value: string | null): NoticeType => (value === 'system' ? 'system' : 'notices');
const pageOf = (value: string | null) => Math.min(1000, Math.max(1, Number.parseInt(value ?? '1', 10) || 1));
const hrefOf = (type: NoticeType, page = 1) => {
  const q = new URLSearchParams({ ...(type === 'system' ? { type } : {}), ...(page > 1 ? { page: String(page) } : {}) });
  return q.size > 0 ? `/user/notice?${q}` : '/user/notice';
};

/**
 * Signed-in users only: this loader checks it itself (spec §6). Opening a page of notices marks
 * the ones it shows read, so the bell's dot clears (and with it their "New" badges, see below).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const url = new URL(request.url);
  const type = noticeType(url.searchParams.get('type'));
  const page = pageOf(url.searchParams.get('page'));
  const { api } = pageApi(request, context);
  const result = await settle(api.op(ops.notices, { type, page }));
  let unread: UnreadNotices | null = result.ok ? result.data.unread : null;
  const fresh = result.ok ? result.data.list.filter((n) => !n.read).map((n) => n.id) : [];
  if (fresh.length > 0) {
    const marked = await settle(api.op(ops.noticeRead, { ids: fresh }));
    if (marked.ok) unread = marked.data.unread;
  }
  const csrf = readCsrfToken(request.headers.get('cookie')) ?? '';
  return data({ type, page, result, unread, csrf }, { status: pageStatus(result) });
}

/** "Mark all as read" (a plain form: works without script; double-submit CSRF field), then back to the same tab. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const form = await request.formData();
  const csrf = readCsrfToken(request.headers.get('cookie'));
  if (!csrf || form.get('csrf') !== csrf) throw data(null, { status: 403 });
  const type = noticeType(String(form.get('type') ?? ''));
  const { api } = pageApi(request, context);
  await settle(api.op(ops.noticeRead, { type: 'all' }));
  return redirect(hrefOf(type));
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'header.notice.label' }, noindex: true });

/** Notices and system notifications (spec §2), two tabs, newest first, each linking to its subject. */
export default function Notices() {
  const t = useT();
  const { type, result, unread, csrf } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const navigation = useNavigation();

  // Once the bell is cleared (by this page marking its notices read, or from anywhere else), no item
  // here still says "New": the badges follow the bell at once, without a reload.
  const [cleared, setCleared] = useState(false);
  useEffect(() => {
    const onUnread = (event: Event) => setCleared(((event as CustomEvent<number>).detail ?? 0) === 0);
    window.addEventListener(NOTICE_UNREAD_EVENT, onUnread);
    return () => window.removeEventListener(NOTICE_UNREAD_EVENT, onUnread);
  }, []);
  // The bell follows what this page just marked read.
  useEffect(() => {
    if (unread) announceUnread(unread.notices + unread.system);
  }, [unread]);
  // A new notice while the page is open: show it (which marks it read too).
  useEffect(() => {
    const reload = () => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    };
    window.addEventListener(NOTICE_NEW_EVENT, reload);
    return () => window.removeEventListener(NOTICE_NEW_EVENT, reload);
  }, [revalidator]);

  const tabs: { type: NoticeType; label: string }[] = [
    { type: 'notices', label: t('notice.tabs.notices') },
    { type: 'system', label: t('notice.tabs.system') },
  ];
  const anyUnread = !!unread && unread.notices + unread.system > 0;
  return (
    <AccountLayout title={t('header.notice.label')}>
      <nav className={classes.tabs} aria-label={t('notice.tabs.label')}>
        {tabs.map((tab) => {
          const count = tab.type === type ? 0 : (unread?.[tab.type] ?? 0);
          return (
            <Link key={tab.type} to={hrefOf(tab.type)} className={classes.tab} aria-current={tab.type === type ? 'page' : undefined} data-testid={`notice-tab-${tab.type}`}>
              {tab.label}
              {count > 0 && (
                <span className={classes.count} aria-label={t('notice.tabs.unread', { count })}>
                  {count > 99 ? '99+' : count}
                </span>
              )}
            </Link>
          );
        })}
      </nav>
      {anyUnread && (
        <Form method="post" className={classes.toolbar}>
          <input type="hidden" name="type" value={type} />
          <input type="hidden" name="csrf" value={csrf} />
          <button type="submit" className={classes.textButton} disabled={navigation.state !== 'idle'}>
            {t('notice.list.markAll')}
          </button>
        </Form>
      )}
      {!result.ok ? (
        <ErrorNotice error={result.error} />
      ) : result.data.list.length === 0 ? (
        <p className={classes.empty} data-testid="notice-empty">
          {t(result.data.page > 1 ? 'notice.list.pageEmpty' : type === 'system' ? 'notice.list.emptySystem' : 'notice.list.empty')}
        </p>
      ) : (
        <>
          <ol className={classes.list}>
            {result.data.list.map((notice) => (
              <NoticeItem key={notice.id} notice={notice} isNew={!notice.read && !cleared} />
            ))}
          </ol>
          <Pagination page={result.data.page} total={result.data.total} limit={result.data.limit} hrefFor={(p) => hrefOf(type, p)} />
        </>
      )}
    </AccountLayout>
  );
}

function NoticeItem({ notice, isNew }: { notice: Notice; isNew: boolean }) {
  const t = useT();
  const intl = useIntl();
  const hydrated = useHydrated();
  const created = new Date(notice.createdAt);
  return (
    <li className={classes.item} data-new={isNew ? '' : undefined} data-kind={notice.kind} data-testid="notice-item">
      <div className={classes.head}>
        <h2 className={classes.title}>{notice.title}</h2>
        {isNew && <span className={classes.new}>{t('notice.item.new')}</span>}
        {!Number.isNaN(created.getTime()) && (
          <time className={classes.time} dateTime={notice.createdAt}>
            {/* The server renders UTC (it can't know the reader's zone); the browser then shows local time. */}
            {intl.formatDate(created, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', ...(hydrated ? {} : { timeZone: 'UTC', timeZoneName: 'short' }) })}
          </time>
        )}
      </div>
      <p className={classes.content}>{notice.content}</p>
      {/* Links come from data: only paths on this site are followed (`/\\evil.example` is not one). */}
      {safeLocalPath(notice.link) && (
        <Link to={safeLocalPath(notice.link)!} className={classes.open}>
          {t((notice.kind === 'review_rejected' && notice.link === '/user/sanctions') || notice.kind === 'content_removed' ? 'notice.item.appealRemoval' : (LINK_LABELS[notice.kind] ?? 'notice.item.open'))}
        </Link>
      )}
    </li>
  );
}

const LINK_LABELS: Partial<Record<Notice['kind'], string>> = {
  followed: 'notice.item.openProfile',
  post_liked: 'notice.item.openPost',
  post_commented: 'notice.item.openPost',
  comment_replied: 'notice.item.openPost',
  post_collected: 'notice.item.openPost',
  post_forwarded: 'notice.item.openPost',
  review_approved: 'notice.item.openReview',
  review_rejected: 'notice.item.openReviews',
  video_ready: 'notice.item.openVideos',
  video_failed: 'notice.item.openVideos',
  sanction_imposed: 'notice.item.openSanctions',
  sanction_lifted: 'notice.item.openSanctions',
  appeal_rejected: 'notice.item.openSanctions',
  removal_upheld: 'notice.item.openSanctions',
  content_restored: 'notice.item.openPost',
};

export const ErrorBoundary = RouteErrorContent;
