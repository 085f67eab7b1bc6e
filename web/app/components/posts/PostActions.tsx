import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { PostDetail } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { loginUrlFor } from '../../lib/guard';
import { charLength, checkForwardComment, FORWARD_COMMENT_MAX, postHref, type PostActionResult } from '../../lib/posts';
import { useT } from '../../lib/use-t';
import { fieldErrorsOf } from '../../lib/api';
import { useHydrated } from '../account/use-form';
import { useApi, useApiErrorText } from '../ApiProvider';
import { useSession } from '../SessionProvider';
import { useToast } from '../Toasts';
import { BookmarkIcon, CommentIcon, ForwardIcon, HeartIcon, ShareIcon } from './post-icons';
import classes from './PostDetail.module.css';
import buttons from './Posts.module.css';
import { UnforwardButton } from './UnforwardButton';

/** The sign-in address that brings the visitor back to this page (like the review "Rate" button). */
export function useLoginHref(hash = ''): string {
  const { pathname, search } = useLocation();
  return loginUrlFor(pathname, search + hash);
}

/** Keeps local state in step with the loader's answer after a revalidation. */
function useSynced<T>(value: T, key: string): [T, (v: T) => void] {
  const [state, setState] = useState({ key, value });
  // A new answer from the loader (another key) replaces what the page had.
  if (state.key !== key) setState({ key, value });
  const set = (next: T) => setState({ key, value: next });
  return [state.key === key ? state.value : value, set];
}

/**
 * A form that posts to the page's own action without script and calls the API with it, so a
 * signed-in reader can like, bookmark or comment either way.
 */
export function IntentForm({
  intent,
  csrf,
  onSubmit,
  children,
  className,
  hidden,
}: {
  intent: string;
  csrf: string;
  onSubmit: (form: HTMLFormElement) => void;
  children: ReactNode;
  className?: string;
  hidden?: Record<string, string>;
}) {
  const hydrated = useHydrated();
  return (
    <form
      method="post"
      className={className}
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        if (!hydrated) return;
        event.preventDefault();
        onSubmit(event.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="csrf" value={csrf} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

/** Like, bookmark, forward and share (spec: "detail pages offer … like, collect, forward, share"). */
export function PostActions({ post, csrf, fallback = null, onCounts }: { post: PostDetail; csrf: string; fallback?: PostActionResult | null; onCounts?: () => void }) {
  const t = useT();
  const { user } = useSession();
  const loginHref = useLoginHref();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const stamp = `${post.id}:${post.liked}:${post.counts.likes}:${post.collected}:${post.counts.collections}:${post.forwarded}:${post.counts.forwards}`;
  const [like, setLike] = useSynced({ on: post.liked, count: post.counts.likes }, stamp);
  const [collect, setCollect] = useSynced({ on: post.collected, count: post.counts.collections }, stamp);
  const [forward, setForward] = useSynced({ on: post.forwarded, count: post.counts.forwards }, stamp);
  const [busy, setBusy] = useState<'' | 'like' | 'collect'>('');

  async function toggleLike() {
    setBusy('like');
    try {
      const r = await api.op(ops.likePost, { id: post.id, like: !like.on });
      setLike({ on: r.data.liked, count: r.data.likes });
      onCounts?.();
    } catch (error) {
      toast('error', errorText(error));
    } finally {
      setBusy('');
    }
  }

  async function toggleCollect() {
    setBusy('collect');
    try {
      const r = await api.op(ops.collectPost, { id: post.id, collect: !collect.on });
      setCollect({ on: r.data.collected, count: r.data.collections });
      if (r.msg) toast('success', r.msg);
      onCounts?.();
    } catch (error) {
      toast('error', errorText(error));
    } finally {
      setBusy('');
    }
  }

  const likeInner = (
    <>
      <HeartIcon filled={like.on} />
      {t('post.action.like')}
      <span className={classes.count} data-testid="post-like-count">
        {like.count}
      </span>
    </>
  );
  const collectInner = (
    <>
      <BookmarkIcon filled={collect.on} />
      {t(collect.on ? 'post.action.collected' : 'post.action.collect')}
      <span className={classes.count} data-testid="post-collect-count">
        {collect.count}
      </span>
    </>
  );
  const forwardInner = (
    <>
      <ForwardIcon />
      {t(forward.on ? 'post.action.unforward' : 'post.action.forward')}
      <span className={classes.count} data-testid="post-forward-count">
        {forward.count}
      </span>
    </>
  );

  return (
    <div className={classes.actions} id="post-actions" data-testid="post-actions">
      {user ? (
        <>
          <IntentForm intent="like" csrf={csrf} onSubmit={toggleLike}>
            <button type="submit" className={buttons.button} aria-pressed={like.on} disabled={busy === 'like'} data-testid="post-like">
              {likeInner}
            </button>
          </IntentForm>
          <IntentForm intent="collect" csrf={csrf} onSubmit={toggleCollect}>
            <button type="submit" className={buttons.button} aria-pressed={collect.on} disabled={busy === 'collect'} data-testid="post-collect">
              {collectInner}
            </button>
          </IntentForm>
          <ForwardButton
            postId={post.id}
            csrf={csrf}
            forwarded={forward.on}
            fallback={fallback}
            onDone={(count) => setForward({ on: true, count })}
            onUndone={(count) => setForward({ on: false, count })}
          >
            {forwardInner}
          </ForwardButton>
        </>
      ) : (
        <>
          <Link to={loginHref} className={buttons.button} data-testid="post-like" rel="nofollow">
            {likeInner}
          </Link>
          <Link to={loginHref} className={buttons.button} data-testid="post-collect" rel="nofollow">
            {collectInner}
          </Link>
          <Link to={loginHref} className={buttons.button} data-testid="post-forward" rel="nofollow">
            {forwardInner}
          </Link>
        </>
      )}
      <a href="#comments" className={buttons.button}>
        <CommentIcon />
        {t('post.action.comments')}
        <span className={classes.count}>{post.counts.comments}</span>
      </a>
      <ShareButton title={post.title} path={postHref(post)} />
      {/* Without script a like, bookmark or undo that failed comes back here with the server's reason. */}
      {fallback && ['like', 'collect', 'unforward'].includes(fallback.intent) && (
        <p className={classes.error} role="alert" data-testid="post-action-error">
          {fallback.msg || t('api.error.unknown')}
        </p>
      )}
    </div>
  );
}

const FORWARD_DIALOG = 'forward-dialog';
/**
 * Invoker commands (`commandfor`/`command`) open and close the dialog without script; the buttons'
 * onClick does the same where the browser lacks them (React has no typed props for them yet).
 */
const dialogCommand = (command: 'show-modal' | 'close') => ({ commandfor: FORWARD_DIALOG, command }) as Record<string, string>;
/**
 * Whether the browser runs invoker commands itself: then onClick must leave the dialog alone, or the
 * command (which runs after the click handlers) finds it already open and logs a warning.
 */
const runsCommands = () => typeof HTMLButtonElement !== 'undefined' && 'command' in HTMLButtonElement.prototype;

/**
 * Forward to one's feed with an optional comment, in a dialog (once per post); once forwarded,
 * the same place offers Undo forward. Without script the dialog's form posts to the page's action,
 * which sends it back open with the message when the comment breaks a rule.
 */
function ForwardButton({
  postId,
  csrf,
  forwarded,
  fallback,
  onDone,
  onUndone,
  children,
}: {
  postId: string;
  csrf: string;
  forwarded: boolean;
  fallback: PostActionResult | null;
  onDone: (count: number) => void;
  onUndone: (count: number) => void;
  children: ReactNode;
}) {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const dialog = useRef<HTMLDialogElement>(null);
  const returned = fallback?.intent === 'forward' ? fallback : null;
  const [comment, setComment] = useState(returned?.content ?? '');
  const [error, setError] = useState(returned ? (returned.ruleError ? t(returned.ruleError) : (returned.fields.comment ?? (returned.msg || t('api.error.unknown')))) : '');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const rule = checkForwardComment(comment);
    if (rule) {
      setError(t(rule));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const r = await api.op(ops.forwardPost, { id: postId, comment: comment.trim() });
      toast('success', r.msg || t('post.forward.done'));
      onDone(r.data.forwards);
      setComment('');
      dialog.current?.close();
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setError(fields.comment ?? '');
      toast('error', errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {forwarded ? (
        <UnforwardButton postId={postId} csrf={csrf} onDone={onUndone} className={buttons.undoButton} title={t('post.action.forwarded')} testId="post-unforward">
          {children}
        </UnforwardButton>
      ) : (
        <button
          type="button"
          className={buttons.button}
          {...dialogCommand('show-modal')}
          onClick={() => {
            if (!runsCommands() && !dialog.current?.open) dialog.current?.showModal();
          }}
          data-testid="post-forward"
        >
          {children}
        </button>
      )}
      <dialog id={FORWARD_DIALOG} ref={dialog} open={returned ? true : undefined} className={classes.dialog} aria-labelledby="forward-title" data-testid="forward-dialog">
        <form method="post" onSubmit={submit} className={classes.commentForm} noValidate>
          <input type="hidden" name="intent" value="forward" />
          <input type="hidden" name="csrf" value={csrf} />
          <h2 id="forward-title" className={classes.dialogTitle}>
            {t('post.forward.title')}
          </h2>
          <label htmlFor="forward-comment">{t('post.forward.label')}</label>
          <textarea
            id="forward-comment"
            name="content"
            value={comment}
            onChange={(e) => {
              setComment(e.currentTarget.value);
              const rule = checkForwardComment(e.currentTarget.value);
              setError(rule ? t(rule) : '');
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby="forward-help"
          />
          <p id="forward-help" className={classes.small}>
            {error ? (
              <span className={classes.error} role="alert">
                {error}
              </span>
            ) : (
              t('post.forward.counter', { count: charLength(comment.trim()), max: FORWARD_COMMENT_MAX })
            )}
          </p>
          <div className={classes.dialogButtons}>
            <button type="button" className={buttons.button} {...dialogCommand('close')} onClick={() => !runsCommands() && dialog.current?.close()}>
              {t('post.forward.cancel')}
            </button>
            <button type="submit" className={buttons.primaryButton} disabled={busy} data-testid="forward-submit">
              {t('post.forward.submit')}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

/** Share: the system's share sheet where there is one (Web Share API), else copy the link. */
function ShareButton({ title, path }: { title: string; path: string }) {
  const t = useT();
  const toast = useToast();
  const hydrated = useHydrated();

  async function share() {
    const url = new URL(path, window.location.origin).toString();
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch {
        // Closed without sharing.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast('success', t('post.share.copied'));
    } catch {
      toast('error', t('post.share.copyFailed', { url }));
    }
  }

  return (
    <button type="button" className={buttons.button} onClick={share} disabled={!hydrated} data-testid="post-share">
      <ShareIcon />
      {t('post.action.share')}
    </button>
  );
}
