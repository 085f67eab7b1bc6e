import { useEffect, useReducer, useRef, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { PostDetail, UploadedVideo } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { ApiError, fieldErrorsOf } from '../../lib/api';
import { apiLang } from '../../lib/locale';
import { checkVideoFile, VIDEO_POLL_MS } from '../../lib/posts';
import type { RootData } from '../../lib/root-data';
import { uploadWithProgress } from '../../lib/upload';
import { useT } from '../../lib/use-t';
import { useApi, useApiErrorText } from '../ApiProvider';
import { useSession } from '../SessionProvider';
import type { PostFormFields } from './usePostSubmit';
import { initialVideo, videoReducer } from './video-upload';

/**
 * The post's video: checks the chosen file, uploads it with its progress, then asks for its status
 * until it is ready or failed (spec: all without reloading). Keeps the form's `video` and
 * `videoState` in step, so publishing waits for the upload.
 */
export function useVideoUpload(form: PostFormFields, post: PostDetail | null) {
  const t = useT();
  const api = useApi();
  const errorText = useApiErrorText();
  const session = useSession();
  const root = useRouteLoaderData<RootData>('root');
  const [video, dispatch] = useReducer(videoReducer, post, initialVideo);
  const [error, setError] = useState('');
  const uploadAbort = useRef<AbortController | null>(null);

  useEffect(() => () => uploadAbort.current?.abort(), []);

  function applyStatus(v: UploadedVideo) {
    dispatch({ type: 'status', video: v });
    form.set('videoState', v.status);
  }

  function reset(message: string) {
    dispatch({ type: 'reset' });
    form.set('videoState', '');
    setError(message);
  }

  async function choose(file: File | undefined) {
    if (!file || !root) return;
    const rule = checkVideoFile(file);
    if (rule) {
      setError(t(rule));
      return;
    }
    setError('');
    uploadAbort.current?.abort();
    const controller = new AbortController();
    uploadAbort.current = controller;
    dispatch({ type: 'start' });
    form.set('videoState', 'uploading');
    try {
      const r = await uploadWithProgress({
        operation: ops.uploadVideo,
        body: file,
        contentType: 'video/mp4',
        salt: root.salt,
        lang: apiLang(root.locale),
        onProgress: (percent) => dispatch({ type: 'progress', percent }),
        onSessionEnded: session.end,
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      applyStatus(r.data);
      form.set('video', r.data.id);
    } catch (failure) {
      if (controller.signal.aborted) return;
      reset(fieldErrorsOf(failure).video ?? errorText(failure));
    }
  }

  // Processing: ask every 2 s until the video is ready or has failed.
  const videoId = form.values.video;
  useEffect(() => {
    if (video.phase !== 'processing' || !videoId) return;
    let stopped = false;
    const timer = window.setTimeout(async () => {
      try {
        const r = await api.op(ops.videoStatus, { id: videoId }, { fresh: true });
        if (!stopped) applyStatus(r.data);
      } catch (failure) {
        if (stopped) return;
        // A passing network failure: try again; a refusal (unknown video, signed out): stop.
        if (failure instanceof ApiError && failure.failure.kind === 'business') reset(errorText(failure));
        else dispatch({ type: 'retry' });
      }
    }, VIDEO_POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
    // Each answer replaces `video`, which schedules the next question.
  }, [video, videoId]);

  return { video, error, setError, choose };
}
