import { describe, expect, it } from 'vitest';
import type { UploadedVideo } from '@brokerwise/api-contract';
import { isSending, NO_VIDEO, videoReducer, type VideoEvent, type VideoInfo } from '../app/components/creation/video-upload.ts';

const answer = (status: UploadedVideo['status'], extra: Partial<UploadedVideo> = {}): UploadedVideo => ({
  id: 'v1',
  status,
  reason: null,
  message: '',
  progress: 0,
  url: null,
  poster: null,
  duration: 0,
  width: 0,
  height: 0,
  size: 1000,
  ...extra,
});

const run = (...events: VideoEvent[]): VideoInfo[] => {
  const seen: VideoInfo[] = [];
  events.reduce((state, event) => {
    const next = videoReducer(state, event);
    seen.push(next);
    return next;
  }, NO_VIDEO);
  return seen;
};

describe('video upload state', () => {
  it('says "processing" as soon as every byte has left, before the server answers (#22 item 9)', () => {
    const phases = run({ type: 'start' }, { type: 'progress', percent: 40 }, { type: 'progress', percent: 100 }).map((s) => [s.phase, s.percent]);
    expect(phases).toEqual([
      ['uploading', 0],
      ['uploading', 40],
      ['sent', 100],
    ]);
    // The file is still on its way to an answer: it cannot be replaced or published yet.
    expect(isSending('sent')).toBe(true);
  });

  it('follows with the server status, then ready with the video', () => {
    const states = run(
      { type: 'start' },
      { type: 'progress', percent: 100 },
      { type: 'status', video: answer('processing') },
      { type: 'status', video: answer('processing', { progress: 45 }) },
      { type: 'status', video: answer('ready', { progress: 100, poster: '/media/p.jpg', url: '/media/v.m3u8', duration: 4 }) },
    );
    expect(states.map((s) => s.phase)).toEqual(['uploading', 'sent', 'processing', 'processing', 'ready']);
    // The worker's progress, as each poll brings it.
    expect(states.slice(2).map((s) => s.processed)).toEqual([0, 45, 100]);
    expect(states.at(-1)).toMatchObject({ poster: '/media/p.jpg', url: '/media/v.m3u8', duration: 4 });
    expect(isSending('processing')).toBe(false);
  });

  it('ignores late progress once the server has answered, and a retry asks again with a new state', () => {
    const [, , processing, late, retried] = run(
      { type: 'start' },
      { type: 'progress', percent: 100 },
      { type: 'status', video: answer('processing') },
      { type: 'progress', percent: 100 },
      { type: 'retry' },
    );
    expect(late).toBe(processing);
    expect(retried).not.toBe(late);
    expect(retried).toEqual(late);
  });

  it('forgets the video when the upload fails', () => {
    expect(run({ type: 'start' }, { type: 'progress', percent: 20 }, { type: 'reset' }).at(-1)).toEqual(NO_VIDEO);
  });
});
