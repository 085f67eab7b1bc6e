/**
 * Loaders and the no-script action of the posts pages (Trader TV, the blog, the two detail pages).
 * Reading is public; the action (like, bookmark, comment, reply, delete a comment without script)
 * needs a session and the page's CSRF token (double submit, as /comment does).
 */
import { data, redirect, type AppLoadContext } from 'react-router';
import type { CommentBody, PostDetail, PostKind } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { ApiError, type ApiFailure, failureStatus, fieldErrorsOf, pageStatus, settle } from './api';
import { pageApi } from './api.server';
import { checkComment, checkForwardComment, isPostCategory, isPostId, postGoneBy, postHref, postPage, POST_PAGE_SIZE, type PostActionResult, type PostGoneData } from './posts';
import { readCsrfToken } from './session';
import { requireUser } from './session.server';

/** Comments per page on a detail page. */
export const COMMENT_PAGE_SIZE = 20;

/** /vlog/index and /vlog/blog: one kind's newest posts, optionally in one category. */
export async function loadKindList(request: Request, context: AppLoadContext, kind: PostKind) {
  const params = new URL(request.url).searchParams;
  const page = postPage(params.get('page'));
  const raw = params.get('category');
  const category = isPostCategory(raw) ? raw : null;
  const { locale, api } = pageApi(request, context);
  const [categories, posts] = await Promise.all([
    settle(api.op(ops.postCategories)),
    settle(api.op(ops.posts, { kind, category, page, limit: POST_PAGE_SIZE })),
  ]);
  return data({ locale, kind, category, page, categories, posts }, { status: pageStatus(posts) });
}

function isNotFound(failure: ApiFailure): boolean {
  return failure.status === 404 || failure.status === 400;
}

/**
 * /vlog/detail and /blog/detail: the post, a page of its comments and its author's public card
 * (followers and whether the visitor follows them: the post itself does not say). A post of the
 * other kind is sent to its own address; an unknown one is a 404; one a moderator removed or its
 * author deleted is a 410 (search engines drop it) saying which, for the error boundary to show.
 */
export async function loadPostDetail(request: Request, context: AppLoadContext, kind: PostKind) {
  const params = new URL(request.url).searchParams;
  const id = params.get('id')?.trim() ?? '';
  if (!isPostId(id)) throw data(null, { status: 404 });
  const commentPage = postPage(params.get('cpage'));
  const { locale, api } = pageApi(request, context);
  const commentsCall = settle(api.op(ops.comments, { id, page: commentPage, limit: COMMENT_PAGE_SIZE }));
  let post: PostDetail;
  try {
    post = (await api.op(ops.postDetail, { id })).data;
  } catch (error) {
    await commentsCall;
    if (!(error instanceof ApiError)) throw error;
    if (isNotFound(error.failure)) throw data(null, { status: 404 });
    if (error.failure.status === 410) {
      // Never stored: browsers keep a 410 without Cache-Control as fresh for ever, and a post
      // restored on appeal must open again for whoever saw it gone (route `headers` pass this on).
      throw data<PostGoneData>({ gone: postGoneBy((error.data as { error?: unknown } | null)?.error) }, { status: 410, headers: { 'Cache-Control': 'no-store' } });
    }
    return data({ ok: false as const, error: error.failure, locale }, { status: failureStatus(error.failure) });
  }
  if (post.kind !== kind) {
    await commentsCall;
    throw redirect(postHref(post), 301);
  }
  const [comments, author] = await Promise.all([commentsCall, settle(api.op(ops.publicUser, { id: post.author.id }))]);
  // The forms post back here when script is off: the token proves they came from this page.
  const csrf = readCsrfToken(request.headers.get('cookie')) ?? '';
  return data({ ok: true as const, locale, post, comments, author, commentPage, csrf });
}

/** The same actions without script: checked here, sent with the visitor's session, then back to the page. */
export async function postDetailAction(request: Request, context: AppLoadContext) {
  await requireUser(request, context);
  const url = new URL(request.url);
  const id = url.searchParams.get('id')?.trim() ?? '';
  if (!isPostId(id)) throw data(null, { status: 404 });
  const form = await request.formData();
  const csrf = readCsrfToken(request.headers.get('cookie'));
  if (!csrf || form.get('csrf') !== csrf) throw data(null, { status: 403 });
  const intent = String(form.get('intent') ?? '');
  const pid = String(form.get('pid') ?? '');
  const content = String(form.get('content') ?? '');
  const back = `${url.pathname}?${new URLSearchParams({ id })}`;
  const result = (extra: Partial<PostActionResult>, status: number) =>
    data<PostActionResult>({ intent, pid, content, ruleError: '', fields: {}, msg: '', ...extra }, { status });
  const { api } = pageApi(request, context);
  try {
    switch (intent) {
      case 'like':
        await api.op(ops.likePost, { id });
        return redirect(`${back}#post-actions`);
      case 'collect':
        await api.op(ops.collectPost, { id });
        return redirect(`${back}#post-actions`);
      case 'comment': {
        const rule = checkComment(content);
        if (rule) return result({ ruleError: rule }, 400);
        const body: CommentBody = { id, content: content.trim(), ...(isPostId(pid) ? { pid } : {}) };
        await api.op(ops.comment, body);
        return redirect(`${back}#comments`);
      }
      case 'forward': {
        const rule = checkForwardComment(content);
        if (rule) return result({ ruleError: rule }, 400);
        await api.op(ops.forwardPost, { id, comment: content.trim() });
        return redirect(`${back}#post-actions`);
      }
      case 'unforward':
        await api.op(ops.unforwardPost, { id });
        return redirect(`${back}#post-actions`);
      case 'deleteComment': {
        const commentId = String(form.get('commentId') ?? '');
        if (!isPostId(commentId)) throw data(null, { status: 400 });
        await api.op(ops.deleteComment, { id: commentId });
        return redirect(`${back}#comments`);
      }
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const status = error.failure.status && error.failure.status >= 400 ? error.failure.status : 400;
    return result({ fields: fieldErrorsOf(error), msg: error.failure.msg }, status);
  }
}
