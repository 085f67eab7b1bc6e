import { formatDuration } from '../../lib/posts';
import { useT } from '../../lib/use-t';
import classes from './PostForm.module.css';
import type { VideoInfo } from './video-upload';

/**
 * "Uploading n %" → "Processing video…" (every byte sent, the server has not answered yet; an
 * indeterminate bar) → "Processing…" then "Processing n %" (the worker's transcode progress, a
 * bar) → ready (with its length) or the reason it failed.
 */
export function VideoStatus({ id, video }: { id: string; video: VideoInfo }) {
  const t = useT();
  let text = t('creation.video.hint');
  if (video.phase === 'uploading') text = t('creation.video.uploading', { percent: video.percent });
  else if (video.phase === 'sent') text = t('creation.video.sent');
  else if (video.phase === 'processing') text = video.processed > 0 ? t('creation.video.processingPercent', { percent: video.processed }) : t('creation.video.processing');
  else if (video.phase === 'ready') text = video.duration ? t('creation.video.readyLength', { length: formatDuration(video.duration) }) : video.message || t('creation.video.ready');
  else if (video.phase === 'failed') text = video.message || t('creation.validation.videoFailed');
  return (
    <div id={id} className={classes.videoStatus} data-state={video.phase || 'none'} role="status" aria-live="polite" data-testid="video-status">
      {video.phase === 'uploading' && (
        <progress className={classes.progress} max={100} value={video.percent} aria-label={t('creation.video.progress')} />
      )}
      {video.phase === 'sent' && <progress className={classes.progress} aria-label={t('creation.video.progress')} data-testid="video-progress-indeterminate" />}
      {video.phase === 'processing' && (
        <progress className={classes.progress} max={100} value={video.processed} aria-label={t('creation.video.processingProgress')} data-testid="video-processing-progress" />
      )}
      <span>{text}</span>
    </div>
  );
}
