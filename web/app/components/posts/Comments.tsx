import { useState } from 'react';
import { Link } from 'react-router';
import type { CommentBody, CommentPage, PostComment } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { ReportButton } from '../ReportButton';
import { fieldErrorsOf, type Settled } from '../../lib/api';
import { charLength, checkComment, COMMENT_MAX, listHref, personalHref, type PostActionResult } from '../../lib/posts';
import { useT } from '../../lib/use-t';
import { ErrorNotice } from '../ErrorNotice';
import { Pagination } from '../Pagination';
import { useSession } from '../SessionProvider';
import { Avatar, PostDate } from './PostCards';
import { IntentForm, useLoginHref } from './PostActions';
import classes from './PostDetail.module.css';
import buttons from './Posts.module.css';
import { useConfirmedDelete } from '../use-confirmed-delete';
import { usePageApi } from '../use-page-api';

/**
 * Comments of a post, newest first, with one level of replies (spec: "detail pages offer …
 * comment"). Writing, replying and deleting one's own work with and without script.
 */
export function CommentsSection({
  postId,
  pathname,
  comments,
  csrf,
  fallback,
}: {
  postId: string;
  pathname: string;
  comments: Settled<CommentPage>;
  csrf: string;
  /** The no-script action's answer (its field messages), when there is one. */
  fallback: PostActionResult | null;
}) {
  const t = useT();
  const { user } = useSession();
  const loginHref = useLoginHref('#comments');
  const all = comments.ok ? comments.data.all : 0;
  return (
    <section aria-labelledby="comments-title" id="comments" data-testid="comments">
      <h2 id="comments-title" className={classes.sectionTitle}>
        {t('post.comments.title', { count: all })}
      </h2>
      {user ? (
        <CommentForm postId={postId} csrf={csrf} pid="" fallback={fallback?.intent === 'comment' && !fallback.pid ? fallback : null} />
      ) : (
        <p className={classes.signIn} data-testid="comment-sign-in">
          <Link to={loginHref} rel="nofollow">
            {t('post.comments.signIn')}
          </Link>
        </p>
      )}
      {!comments.ok ? (
        <ErrorNotice error={comments.error} />
      ) : comments.data.list.length === 0 ? (
        <p className={classes.small} data-testid="comments-empty">
          {t(comments.data.page > 1 ? 'post.comments.pageEmpty' : 'post.comments.empty')}
        </p>
      ) : (
        <>
          <ol className={classes.comments}>
            {comments.data.list.map((comment) => (
              <li key={comment.id}>
                <CommentItem comment={comment} postId={postId} csrf={csrf} fallback={fallback} />
              </li>
            ))}
          </ol>
          <Pagination
            page={comments.data.page}
            total={comments.data.total}
            limit={comments.data.limit}
            hrefFor={(p) => `${listHref(pathname, { id: postId, cpage: p })}#comments`}
          />
        </>
      )}
    </section>
  );
}

function CommentItem({ comment, postId, csrf, fallback }: { comment: PostComment; postId: string; csrf: string; fallback: PostActionResult | null }) {
  const t = useT();
  const { user } = useSession();
  const replyFallback = fallback?.intent === 'comment' && fallback.pid === comment.id ? fallback : null;
  return (
    <article className={classes.comment} data-testid="comment" data-comment-id={comment.id} id={`comment-${comment.id}`}>
      <Avatar author={comment.author} size={36} />
      <div>
        <header className={classes.commentHead}>
          <Link to={personalHref(comment.author.id)}>{comment.author.username || t('post.author.unknown')}</Link>
          {comment.replyTo && <span className={classes.small}>{t('post.comments.replyTo', { username: comment.replyTo.username || t('post.author.unknown') })}</span>}
          <PostDate date={comment.createdAt} withTime className={classes.small} />
        </header>
        <p className={classes.commentText} data-testid="comment-text">
          {comment.content}
        </p>
        <div className={classes.commentTools}>
          {comment.mine && <DeleteComment commentId={comment.id} csrf={csrf} />}
          {!comment.mine && <ReportButton kind="comment" targetId={comment.id} authorId={comment.author.id} />}
          {user && (
            <details open={!!replyFallback}>
              <summary data-testid="comment-reply">{t('post.comments.reply')}</summary>
              <CommentForm postId={postId} csrf={csrf} pid={comment.id} fallback={replyFallback} replyTo={comment.author.username} />
            </details>
          )}
        </div>
        {comment.replies.length > 0 && (
          <ol className={classes.replies}>
            {comment.replies.map((reply) => (
              <li key={reply.id}>
                <CommentItem comment={reply} postId={postId} csrf={csrf} fallback={fallback} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </article>
  );
}

/** Write a comment (pid '') or a reply: 1–500 characters; the server's field messages show under the box. */
function CommentForm({ postId, csrf, pid, fallback, replyTo }: { postId: string; csrf: string; pid: string; fallback: PostActionResult | null; replyTo?: string }) {
  const t = useT();
  const { api, toast, errorText, hydrated, revalidator } = usePageApi();
  const [content, setContent] = useState(fallback?.content ?? '');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const rule = touched ? checkComment(content) : null;
  const noScriptError = !hydrated && fallback ? (fallback.ruleError ? t(fallback.ruleError) : (fallback.fields.content ?? fallback.fields.pid ?? fallback.msg)) : '';
  const error = rule ? t(rule) : serverError || noScriptError;
  const fieldId = `comment-${pid || 'new'}`;

  async function submit() {
    setTouched(true);
    if (checkComment(content)) return;
    setBusy(true);
    setServerError('');
    try {
      const body: CommentBody = { id: postId, content: content.trim(), ...(pid ? { pid } : {}) };
      const r = await api.op(ops.comment, body);
      toast('success', r.msg || t('post.comments.posted'));
      setContent('');
      setTouched(false);
      await revalidator.revalidate();
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setServerError(fields.content ?? fields.pid ?? '');
      toast('error', errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <IntentForm intent="comment" csrf={csrf} onSubmit={submit} className={classes.commentForm} hidden={pid ? { pid } : {}}>
      <label htmlFor={fieldId} className={pid ? 'bw-visually-hidden' : undefined}>
        {pid ? t('post.comments.replyLabel', { username: replyTo ?? '' }) : t('post.comments.label')}
      </label>
      <textarea
        id={fieldId}
        name="content"
        value={content}
        onChange={(e) => {
          setContent(e.currentTarget.value);
          setTouched(true);
          setServerError('');
        }}
        placeholder={t(pid ? 'post.comments.replyPlaceholder' : 'post.comments.placeholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${fieldId}-help`}
        data-testid={pid ? 'reply-input' : 'comment-input'}
      />
      <div className={classes.formRow}>
        <p id={`${fieldId}-help`} className={classes.small}>
          {error ? (
            <span className={classes.error} role="alert" data-testid="comment-error">
              {error}
            </span>
          ) : (
            t('post.comments.counter', { count: charLength(content.trim()), max: COMMENT_MAX })
          )}
        </p>
        <button type="submit" className={buttons.primaryButton} disabled={busy} data-testid={pid ? 'reply-submit' : 'comment-submit'}>
          {t(pid ? 'post.comments.replySubmit' : 'post.comments.submit')}
        </button>
      </div>
    </IntentForm>
  );
}

/** Delete one's own comment (its replies go with it), after a confirmation. */
function DeleteComment({ commentId, csrf }: { commentId: string; csrf: string }) {
  const t = useT();
  const { phase, setPhase, remove, hydrated } = useConfirmedDelete(ops.deleteComment, commentId, t('post.comments.deleted'));

  if (!hydrated || phase === 'idle')
    return (
      <IntentForm intent="deleteComment" csrf={csrf} hidden={{ commentId }} onSubmit={() => setPhase('confirm')}>
        <button type="submit" className={classes.dangerLink} data-testid="comment-delete">
          {t('post.comments.delete')}
        </button>
      </IntentForm>
    );
  return (
    <span role="group" aria-label={t('post.comments.deleteQuestion')} className={classes.commentTools}>
      <span>{t('post.comments.deleteQuestion')}</span>
      <button type="button" className={classes.dangerLink} onClick={remove} disabled={phase === 'sending'} data-testid="comment-delete-confirm" autoFocus>
        {t('post.comments.deleteConfirm')}
      </button>
      <button type="button" className={classes.linkButton} onClick={() => setPhase('idle')} disabled={phase === 'sending'}>
        {t('post.comments.deleteCancel')}
      </button>
    </span>
  );
}
