import { Button, Textarea, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { PostCategory, PostDetail } from '@brokerwise/api-contract';
import { loadChunk } from '../../lib/chunk-load';
import { charLength, DESCRIPTION_MAX, TITLE_MAX } from '../../lib/posts';
import { useT } from '../../lib/use-t';
import { useHydrated } from '../account/use-form';
import { FieldError } from './FieldError';
import classes from './PostForm.module.css';
import { useCoverUpload, useInlineImageUpload } from './useImageUpload';
import { usePostForm, usePostSubmit } from './usePostSubmit';
import { useVideoUpload } from './useVideoUpload';
import { isSending } from './video-upload';
import { VideoStatus } from './VideoStatus';

// ProseMirror and Tiptap load only when an image-text post is being written, after hydration.
const RichEditor = lazy(() => loadChunk(() => import('../posts/RichEditor')));

/** The creation centre's form (/user/creation): a new video or image-text post, or one of the user's own being edited. */
export function PostForm({ categories, post }: { categories: PostCategory[]; post: PostDetail | null }) {
  const t = useT();
  const hydrated = useHydrated();
  const editing = post !== null;
  const form = usePostForm(post);
  const cover = useCoverUpload(form, post);
  const videoUpload = useVideoUpload(form, post);
  const inline = useInlineImageUpload();
  const { sending, failure, submit } = usePostSubmit(form, post, (errors) => {
    if (errors.video) videoUpload.setError(errors.video);
    if (errors.cover) cover.setError(errors.cover);
    if (errors.content) inline.setError(errors.content);
  });

  const kind = form.values.kind;
  const video = videoUpload.video;
  const titleLength = charLength(form.values.title.trim());
  const descriptionLength = charLength(form.values.description.trim());
  const videoMessage = videoUpload.error || form.error('video');
  const coverMessage = cover.error || form.error('cover');
  const contentMessage = inline.error || form.error('content');

  return (
    <form className={classes.form} onSubmit={submit} noValidate data-ready={hydrated ? '' : undefined} data-testid="creation-form">
      <fieldset className={classes.kinds} disabled={editing}>
        <legend className={classes.label}>{t('creation.form.kind')}</legend>
        {(['video', 'image_text'] as const).map((k) => (
          <label key={k} className={classes.kind} data-checked={kind === k ? '' : undefined}>
            <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => form.set('kind', k)} />
            <span>
              <strong>{t(k === 'video' ? 'creation.form.kindVideo' : 'creation.form.kindImageText')}</strong>
              <small>{t(k === 'video' ? 'creation.form.kindVideoHint' : 'creation.form.kindImageTextHint')}</small>
            </span>
          </label>
        ))}
      </fieldset>

      <TextInput
        label={t('creation.form.title')}
        name="title"
        {...form.text('title')}
        description={t('creation.form.counter', { count: titleLength, max: TITLE_MAX })}
        inputWrapperOrder={['label', 'input', 'error', 'description']}
        withAsterisk
      />
      <Textarea
        label={t('creation.form.description')}
        name="description"
        {...form.text('description')}
        description={t('creation.form.counter', { count: descriptionLength, max: DESCRIPTION_MAX })}
        inputWrapperOrder={['label', 'input', 'error', 'description']}
        autosize
        minRows={3}
        maxRows={8}
        withAsterisk
      />

      <div className={classes.field}>
        <label htmlFor="post-category" className={classes.label}>
          {t('creation.form.category')} <span className={classes.required}>*</span>
        </label>
        <select
          id="post-category"
          className={classes.select}
          value={form.values.category}
          onChange={(e) => form.set('category', e.currentTarget.value)}
          aria-invalid={form.error('category') ? true : undefined}
          aria-describedby="post-category-error"
        >
          <option value="" disabled>
            {t('creation.form.categoryPick')}
          </option>
          {categories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
        <FieldError id="post-category-error" message={form.error('category')} />
      </div>

      <div className={classes.field}>
        <span className={classes.label} id="post-cover-label">
          {t('creation.form.cover')} <span className={classes.required}>*</span>
        </span>
        <div className={classes.upload}>
          <div className={classes.coverPreview}>
            {cover.preview ? <img src={cover.preview} alt={t('creation.form.coverPreview')} width={240} height={135} data-testid="cover-preview" /> : <span>16:9</span>}
          </div>
          <div className={classes.uploadSide}>
            <label className={classes.fileButton} data-disabled={cover.busy || !hydrated ? '' : undefined}>
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp"
                disabled={cover.busy || !hydrated}
                onChange={(e) => void cover.choose(e.currentTarget.files?.[0])}
                aria-labelledby="post-cover-label"
                aria-describedby="post-cover-help"
                data-testid="cover-input"
              />
              {t(cover.preview ? 'creation.form.coverChange' : 'creation.form.coverChoose')}
            </label>
            <p id="post-cover-help" className={classes.hint}>
              {cover.busy ? t('creation.form.coverUploading') : t('creation.form.coverHint')}
            </p>
            <FieldError message={coverMessage} testId="cover-error" />
          </div>
        </div>
      </div>

      {kind === 'video' ? (
        <div className={classes.field}>
          <span className={classes.label} id="post-video-label">
            {t('creation.form.video')} <span className={classes.required}>*</span>
          </span>
          <div className={classes.upload}>
            <div className={classes.coverPreview}>
              {video.phase === 'ready' && video.poster ? <img src={video.poster} alt="" width={240} height={135} /> : <span>MP4</span>}
            </div>
            <div className={classes.uploadSide}>
              <label className={classes.fileButton} data-disabled={!hydrated || isSending(video.phase) ? '' : undefined}>
                <input
                  type="file"
                  accept="video/mp4,.mp4"
                  disabled={!hydrated || isSending(video.phase)}
                  onChange={(e) => void videoUpload.choose(e.currentTarget.files?.[0])}
                  aria-labelledby="post-video-label"
                  aria-describedby="post-video-status"
                  data-testid="video-input"
                />
                {t(video.phase ? 'creation.form.videoChange' : 'creation.form.videoChoose')}
              </label>
              <VideoStatus id="post-video-status" video={video} />
              <FieldError message={videoMessage} testId="video-error" />
            </div>
          </div>
        </div>
      ) : (
        <div className={classes.field}>
          <span className={classes.label} id="post-content-label">
            {t('creation.form.content')} <span className={classes.required}>*</span>
          </span>
          {hydrated ? (
            <Suspense fallback={<div className={classes.editorLoading}>{t('creation.editor.loading')}</div>}>
              <RichEditor
                initial={post?.content ?? ''}
                onChange={(html) => {
                  inline.setError('');
                  form.set('content', html);
                }}
                uploadImage={inline.upload}
                labelId="post-content-label"
                describedBy="post-content-error"
                invalid={!!contentMessage}
              />
            </Suspense>
          ) : (
            <div className={classes.editorLoading}>{t('creation.editor.loading')}</div>
          )}
          <FieldError id="post-content-error" message={contentMessage} testId="content-error" />
        </div>
      )}

      {failure && (
        <p className={classes.failure} role="alert">
          {failure}
        </p>
      )}
      <div className={classes.buttons}>
        <Button type="submit" size="md" loading={sending} disabled={!hydrated} data-testid="creation-submit">
          {t(editing ? 'creation.form.save' : 'creation.form.publish')}
        </Button>
        <Link to="/user/vlog" className={classes.cancel}>
          {t('creation.form.cancel')}
        </Link>
      </div>
    </form>
  );
}
