/**
 * What the creation centre says about the post's video, as a state machine the page and its tests
 * share: nothing → uploading n % → sent (every byte has left, the server is checking the file) →
 * processing (the server's answer; polled) → ready or failed. "sent" exists because on a slow link
 * the server's answer comes long after the bar reached 100 %: the page says it is processing at once.
 */
import type { PostDetail, UploadedVideo } from '@brokerwise/api-contract';

export type VideoPhase = '' | 'uploading' | 'sent' | 'processing' | 'ready' | 'failed';

export interface VideoInfo {
  phase: VideoPhase;
  /** Bytes sent, 0…100. */
  percent: number;
  /** While processing: the server's transcode progress, 0…100. */
  processed: number;
  /** The server's words for a ready or failed video. */
  message: string;
  poster: string | null;
  url: string | null;
  duration: number | null;
}

export type VideoEvent =
  /** A file was chosen and its upload starts. */
  | { type: 'start' }
  /** Bytes sent so far, 0…100. */
  | { type: 'progress'; percent: number }
  /** The server's status of the uploaded video (the upload's answer, then each poll). */
  | { type: 'status'; video: UploadedVideo }
  /** A poll failed in passing: ask again (a new state object schedules the next poll). */
  | { type: 'retry' }
  /** No video (the upload failed or was refused). */
  | { type: 'reset' };

export const NO_VIDEO: VideoInfo = { phase: '', percent: 0, processed: 0, message: '', poster: null, url: null, duration: null };

/** A post being edited starts from its current video. */
export function initialVideo(post: PostDetail | null): VideoInfo {
  const v = post?.video;
  return v ? { phase: v.status, percent: 100, processed: v.status === 'ready' ? 100 : 0, message: '', poster: v.poster, url: v.url, duration: v.duration } : NO_VIDEO;
}

export function videoReducer(state: VideoInfo, event: VideoEvent): VideoInfo {
  switch (event.type) {
    case 'start':
      return { ...NO_VIDEO, phase: 'uploading' };
    case 'progress':
      if (state.phase !== 'uploading') return state;
      return event.percent >= 100 ? { ...state, phase: 'sent', percent: 100 } : { ...state, percent: event.percent };
    case 'status': {
      const v = event.video;
      return { phase: v.status, percent: 100, processed: v.progress, message: v.message, poster: v.poster, url: v.url, duration: v.duration || null };
    }
    case 'retry':
      return { ...state };
    case 'reset':
      return NO_VIDEO;
  }
}

/** While the file is on its way (or the server has not answered), it cannot be replaced or published. */
export function isSending(phase: VideoPhase): boolean {
  return phase === 'uploading' || phase === 'sent';
}
