import { formatDuration } from '../../lib/posts';
import { useT } from '../../lib/use-t';
import classes from './PostForm.module.css';
import type { VideoInfo } from './video-upload';

/**
 * "Uploading n %" → "Processing video…" (every byte sent, the server has not answered yet; an
 * indeterminate bar) → "Processing…" → ready (with its length) or the reason it failed.
 */
export function VideoStatus({ id, video }: { id: string; video: VideoInfo }) {
  const t = useT();
  let text = t('creation.video.hint');
  if (video.phase === 'uploading') text = t('creation.video.uploading', { percent: video.percent });
  else if (video.phase === 'sent') text = t('creation.video.sent');
  else if (video.phase === 'processing') text = t('creation.video.processing');
  else if (video.phase === 'ready') text = video.duration ? t('creation.video.readyLength', { length: formatDuration(video.duration) }) : video.message || t('creation.video.ready');
  else if (video.phase === 'failed') text = video.message || t('creation.validation.videoFailed');
  return (
    <div id={id} className={classes.videoStatus} data-state={video.phase || 'none'} role="status" aria-live="polite" data-testid="video-status">
      {video.phase === 'uploading' && (
        <progress className={classes.progress} max={100} value={video.percent} aria-label={t('creation.video.progress')} />
      )}
      {video.phase === 'sent' && <progress className={classes.progress} aria-label={t('creation.video.progress')} data-testid="video-progress-indeterminate" />}
      <span>{text}</span>
    </div>
  );
}
