import { AppError } from '@brokerwise/errors';

/**
 * The media service's error codes; the gateway maps each code (and `field:code` pair) to a
 * message in the caller's language.
 */

/** A post form failed its rules: `fields` maps each field to `required`, `length`, `one_of`… */
export const invalidInput = (fields: Record<string, string>): AppError =>
  new AppError({ code: 'media.validation', kind: 'validation', message: 'Invalid input', fields });

/** Megabytes for messages: 10485760 → 10, 5500000 → 5.2. */
export const megabytes = (bytes: number): number => Math.round((bytes / 1_048_576) * 10) / 10;

export type VideoProblem = 'required' | 'too_large' | 'type' | 'corrupt' | 'no_video_stream' | 'duration' | 'dimensions';
export type ImageProblem = 'required' | 'too_large' | 'type' | 'corrupt' | 'dimensions';

/** An uploaded video refused by its content; `fields.video` says why. */
export const videoInvalid = (problem: VideoProblem, params: Record<string, string | number> = {}, cause?: unknown): AppError =>
  new AppError({ code: 'media.video_invalid', kind: problem === 'too_large' ? 'too_large' : 'validation', message: `Video refused: ${problem}`, fields: { video: problem }, params }, cause === undefined ? undefined : { cause });

/** An uploaded image refused by its content; `fields.image` says why. */
export const imageInvalid = (problem: ImageProblem, params: Record<string, string | number> = {}, cause?: unknown): AppError =>
  new AppError({ code: 'media.image_invalid', kind: problem === 'too_large' ? 'too_large' : 'validation', message: `Image refused: ${problem}`, fields: { image: problem }, params }, cause === undefined ? undefined : { cause });

export const postNotFound = (): AppError => new AppError({ code: 'media.post_not_found', kind: 'not_found', message: 'No such post' });
/** The post existed and is gone for good (410): a moderator hid it, or its author deleted it. */
export const postRemovedByModerator = (): AppError => new AppError({ code: 'media.post_removed', kind: 'gone', message: 'A moderator removed this post' });
export const postDeletedByAuthor = (): AppError => new AppError({ code: 'media.post_deleted', kind: 'gone', message: 'Its author deleted this post' });
export const videoNotFound = (): AppError => new AppError({ code: 'media.video_not_found', kind: 'not_found', message: 'No such video' });
export const commentNotFound = (): AppError => new AppError({ code: 'media.comment_not_found', kind: 'not_found', message: 'No such comment' });

/** Only a post's author may edit or delete it. */
export const notPostAuthor = (): AppError => new AppError({ code: 'media.not_author', kind: 'forbidden', message: 'Only the author may change this post' });
/** Only a comment's author may delete it. */
export const notCommentAuthor = (): AppError => new AppError({ code: 'media.not_comment_author', kind: 'forbidden', message: 'Only the author may delete this comment' });

/** The same user already posted this text on this post. */
export const duplicateComment = (): AppError =>
  new AppError({ code: 'media.duplicate_comment', kind: 'validation', message: 'Same text as another of your comments here', fields: { text: 'duplicate' } });

export const alreadyForwarded = (): AppError => new AppError({ code: 'media.already_forwarded', kind: 'conflict', message: 'You already forwarded this post' });

/** A new account (first 24 h) commented too often; retry after `retryAfter` seconds. */
export const commentRateLimited = (retryAfter: number, max: number): AppError =>
  new AppError({
    code: 'media.comment_rate_limited',
    kind: 'too_many_requests',
    message: `New accounts may post ${max} comments a minute`,
    retryAfter,
    params: { seconds: retryAfter, max },
  });

/** A new account published its daily posts; `retryAfter` = until the account is a day old. */
export const postRateLimited = (retryAfter: number, max: number): AppError =>
  new AppError({
    code: 'media.post_rate_limited',
    kind: 'too_many_requests',
    message: `New accounts may publish ${max} posts in their first day`,
    retryAfter,
    params: { seconds: retryAfter, max },
  });
