import { Button, Textarea, TextInput } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { data, Link, useLoaderData, useNavigate, useRouteLoaderData } from 'react-router';
import type {
  EditPostBody,
  PostCategory,
  PostDetail,
  PublishPostBody,
  UploadedImage,
  UploadedVideo,
} from '../../../gateway/src/contract.ts';
import { AccountLayout } from '../components/account/AccountLayout';
import { useFormFields, useHydrated } from '../components/account/use-form';
import { useApi, useApiErrorText } from '../components/ApiProvider';
import { ErrorNotice } from '../components/ErrorNotice';
import { useSession } from '../components/SessionProvider';
import { RouteErrorContent } from '../components/StatusPage';
import { useToast } from '../components/Toasts';
import { ApiError, failureStatus, fieldErrorsOf, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { apiLang } from '../lib/locale';
import { pageMeta } from '../lib/meta';
import {
  charLength,
  checkImageFile,
  checkVideoFile,
  DESCRIPTION_MAX,
  formatDuration,
  isPostId,
  postHref,
  TITLE_MAX,
  validatePost,
  VIDEO_POLL_MS,
  type PostFormValues,
  type VideoUploadState,
} from '../lib/posts';
import type { RootData } from '../lib/root-data';
import { requireUser } from '../lib/session.server';
import { uploadWithProgress } from '../lib/upload';
import { useT } from '../lib/use-t';
import type { Route } from './+types/user.creation';
import classes from './user.creation.module.css';

// ProseMirror and Tiptap load only when an image-text post is being written, after hydration.
const RichEditor = lazy(() => import('../components/posts/RichEditor'));

/**
 * /user/creation (spec §2 "Creation centre", §5 Publishing): publish a video or image-text post;
 * `?id=` edits one of the user's own posts. Signed-in users only: this loader checks it itself.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const id = new URL(request.url).searchParams.get('id')?.trim() ?? '';
  const { api } = pageApi(request, context);
  const categoriesCall = settle(api.get<PostCategory[]>('/api/vlog/categories'));
  if (!id) return data({ categories: await categoriesCall, post: null, error: null });
  if (!isPostId(id)) throw data(null, { status: 404 });
  const [categories, post] = await Promise.all([categoriesCall, settle(api.get<PostDetail>('/api/vlog/detail', { id }))]);
  if (!post.ok) {
    if (post.error.status === 404 || post.error.status === 400) throw data(null, { status: 404 });
    return data({ categories, post: null, error: post.error }, { status: failureStatus(post.error) });
  }
  // Only the author edits a post; anyone else is told there is no such page to edit.
  if (!post.data.mine || post.data.author.id !== user.id) throw data(null, { status: 404 });
  return data({ categories, post: post.data, error: null });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({ matches, location, title: { id: loaderData?.post ? 'creation.page.editTitle' : 'account.creation.title' }, noindex: true });

export default function CreationCentre() {
  const t = useT();
  const { categories, post, error } = useLoaderData<typeof loader>();
  return (
    <AccountLayout title={t(post ? 'creation.page.editTitle' : 'account.creation.title')}>
      {error ? (
        <ErrorNotice error={error} />
      ) : !categories.ok ? (
        <ErrorNotice error={categories.error} />
      ) : (
        <PostForm key={post?.id ?? 'new'} categories={categories.data} post={post} />
      )}
    </AccountLayout>
  );
}

interface VideoInfo {
  state: VideoUploadState;
  percent: number;
  /** The server's words for a ready or failed video. */
  message: string;
  poster: string | null;
  url: string | null;
  duration: number | null;
}

const NO_VIDEO: VideoInfo = { state: '', percent: 0, message: '', poster: null, url: null, duration: null };

function PostForm({ categories, post }: { categories: PostCategory[]; post: PostDetail | null }) {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const session = useSession();
  const root = useRouteLoaderData<RootData>('root');
  const editing = post !== null;

  const initial: PostFormValues = {
    kind: post?.kind ?? 'video',
    title: post?.title ?? '',
    description: post?.description ?? '',
    category: post?.category.slug ?? '',
    cover: '',
    video: '',
    videoState: '',
    content: post?.content ?? '',
    keepCover: editing,
    keepVideo: editing && post.kind === 'video' && !!post.video,
  };
  const form = useFormFields<PostFormValues>(initial, validatePost);
  const [coverPreview, setCoverPreview] = useState<string | null>(post?.cover.thumb ?? null);
  const [coverBusy, setCoverBusy] = useState(false);
  const [coverError, setCoverError] = useState('');
  const [videoError, setVideoError] = useState('');
  const [video, setVideo] = useState<VideoInfo>(
    post?.video
      ? { state: post.video.status, percent: 100, message: '', poster: post.video.poster, url: post.video.url, duration: post.video.duration }
      : NO_VIDEO,
  );
  const [contentError, setContentError] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState('');
  const uploadAbort = useRef<AbortController | null>(null);

  useEffect(() => () => uploadAbort.current?.abort(), []);

  const kind = form.values.kind;

  /* ------------------------------------------------------------------ cover */
  async function onCover(file: File | undefined) {
    if (!file) return;
    const rule = checkImageFile(file);
    if (rule) {
      setCoverError(t(rule));
      return;
    }
    setCoverError('');
    setCoverBusy(true);
    try {
      const body = new FormData();
      body.set('file', file);
      const r = await api.upload<UploadedImage>('/api/upload/image', body);
      setCoverPreview(r.data.thumb);
      form.set('cover', r.data.id);
    } catch (error) {
      setCoverError(fieldErrorsOf(error).image ?? errorText(error));
    } finally {
      setCoverBusy(false);
    }
  }

  /* ------------------------------------------------------------------ video */
  async function onVideo(file: File | undefined) {
    if (!file || !root) return;
    const rule = checkVideoFile(file);
    if (rule) {
      setVideoError(t(rule));
      return;
    }
    setVideoError('');
    uploadAbort.current?.abort();
    const controller = new AbortController();
    uploadAbort.current = controller;
    setVideo({ ...NO_VIDEO, state: 'uploading' });
    form.set('videoState', 'uploading');
    try {
      const r = await uploadWithProgress<UploadedVideo>({
        path: '/api/upload/video',
        body: file,
        contentType: 'video/mp4',
        salt: root.salt,
        lang: apiLang(root.locale),
        onProgress: (percent) => setVideo((v) => (v.state === 'uploading' ? { ...v, percent } : v)),
        onSessionEnded: session.end,
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      applyStatus(r.data);
      form.set('video', r.data.id);
    } catch (error) {
      if (controller.signal.aborted) return;
      setVideo(NO_VIDEO);
      form.set('videoState', '');
      setVideoError(fieldErrorsOf(error).video ?? errorText(error));
    }
  }

  function applyStatus(v: UploadedVideo) {
    const state: VideoUploadState = v.status;
    setVideo({ state, percent: 100, message: v.message, poster: v.poster, url: v.url, duration: v.duration || null });
    form.set('videoState', state);
  }

  // Processing: ask every 2 s until the video is ready or has failed (spec: all without reloading).
  const videoId = form.values.video;
  useEffect(() => {
    if (video.state !== 'processing' || !videoId) return;
    let stopped = false;
    const timer = window.setTimeout(async () => {
      try {
        const r = await api.get<UploadedVideo>('/api/upload/video/status', { id: videoId, _: Date.now() });
        if (!stopped) applyStatus(r.data);
      } catch (error) {
        if (stopped) return;
        // A passing network failure: try again; a refusal (unknown video, signed out): stop.
        if (error instanceof ApiError && error.failure.kind === 'business') {
          setVideo(NO_VIDEO);
          form.set('videoState', '');
          setVideoError(errorText(error));
        } else {
          setVideo((v) => ({ ...v }));
        }
      }
    }, VIDEO_POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
    // Each answer replaces `video`, which schedules the next question.
  }, [video, videoId]);

  /* ------------------------------------------------------------------ inline images */
  const uploadInlineImage = useCallback(
    async (file: File): Promise<string | null> => {
      const rule = checkImageFile(file);
      if (rule) {
        setContentError(t(rule));
        return null;
      }
      setContentError('');
      try {
        const body = new FormData();
        body.set('file', file);
        const r = await api.upload<UploadedImage>('/api/upload/image', body);
        return r.data.full;
      } catch (error) {
        const text = fieldErrorsOf(error).image ?? errorText(error);
        setContentError(text);
        toast('error', text);
        return null;
      }
    },
    [api, t, toast, errorText],
  );

  /* ------------------------------------------------------------------ submit */
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setFailure('');
    if (!form.validateAll()) return;
    const v = form.values;
    setSending(true);
    try {
      let result;
      if (post) {
        const body: EditPostBody = {
          id: post.id,
          title: v.title.trim(),
          description: v.description.trim(),
          category: v.category as EditPostBody['category'],
          ...(v.cover ? { cover: v.cover } : {}),
          ...(post.kind === 'video' && v.video ? { video: v.video } : {}),
          ...(post.kind === 'image_text' ? { content: v.content } : {}),
        };
        result = await api.post<PostDetail>('/api/vlog/edit', body);
      } else {
        const body: PublishPostBody = {
          kind: v.kind as PublishPostBody['kind'],
          title: v.title.trim(),
          description: v.description.trim(),
          cover: v.cover,
          category: v.category as PublishPostBody['category'],
          ...(v.kind === 'video' ? { video: v.video } : { content: v.content }),
        };
        result = await api.post<PostDetail>('/api/vlog/publish', body);
      }
      toast('success', result.msg || t('creation.form.saved'));
      const saved = result.data;
      // A post still being processed is not public yet: its place is the list of one's posts.
      const visible = saved.kind === 'image_text' || !!saved.video?.playable;
      navigate(visible ? postHref(saved) : '/user/vlog');
    } catch (error) {
      const shown = form.showServerErrors(error);
      const fields = fieldErrorsOf(error);
      if (fields.video) setVideoError(fields.video);
      if (fields.cover) setCoverError(fields.cover);
      if (fields.content) setContentError(fields.content);
      const text = errorText(error);
      if (!shown) setFailure(text);
      toast('error', text);
      setSending(false);
    }
  }

  const titleLength = charLength(form.values.title.trim());
  const descriptionLength = charLength(form.values.description.trim());
  const videoMessage = videoError || form.error('video');
  const coverMessage = coverError || form.error('cover');
  const contentMessage = contentError || form.error('content');

  return (
    <form className={classes.form} onSubmit={onSubmit} noValidate data-ready={hydrated ? '' : undefined} data-testid="creation-form">
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
            {coverPreview ? <img src={coverPreview} alt={t('creation.form.coverPreview')} width={240} height={135} data-testid="cover-preview" /> : <span>16:9</span>}
          </div>
          <div className={classes.uploadSide}>
            <label className={classes.fileButton} data-disabled={coverBusy || !hydrated ? '' : undefined}>
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp"
                disabled={coverBusy || !hydrated}
                onChange={(e) => void onCover(e.currentTarget.files?.[0])}
                aria-labelledby="post-cover-label"
                aria-describedby="post-cover-help"
                data-testid="cover-input"
              />
              {t(coverPreview ? 'creation.form.coverChange' : 'creation.form.coverChoose')}
            </label>
            <p id="post-cover-help" className={classes.hint}>
              {coverBusy ? t('creation.form.coverUploading') : t('creation.form.coverHint')}
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
              {video.state === 'ready' && video.poster ? <img src={video.poster} alt="" width={240} height={135} /> : <span>MP4</span>}
            </div>
            <div className={classes.uploadSide}>
              <label className={classes.fileButton} data-disabled={!hydrated || video.state === 'uploading' ? '' : undefined}>
                <input
                  type="file"
                  accept="video/mp4,.mp4"
                  disabled={!hydrated || video.state === 'uploading'}
                  onChange={(e) => void onVideo(e.currentTarget.files?.[0])}
                  aria-labelledby="post-video-label"
                  aria-describedby="post-video-status"
                  data-testid="video-input"
                />
                {t(video.state ? 'creation.form.videoChange' : 'creation.form.videoChoose')}
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
                initial={initial.content}
                onChange={(html) => {
                  setContentError('');
                  form.set('content', html);
                }}
                uploadImage={uploadInlineImage}
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

/** "Uploading n %" → "Processing…" → ready (with its length) or the reason it failed. */
function VideoStatus({ id, video }: { id: string; video: VideoInfo }) {
  const t = useT();
  let text = t('creation.video.hint');
  if (video.state === 'uploading') text = t('creation.video.uploading', { percent: video.percent });
  else if (video.state === 'processing') text = t('creation.video.processing');
  else if (video.state === 'ready') text = video.duration ? t('creation.video.readyLength', { length: formatDuration(video.duration) }) : video.message || t('creation.video.ready');
  else if (video.state === 'failed') text = video.message || t('creation.validation.videoFailed');
  return (
    <div id={id} className={classes.videoStatus} data-state={video.state || 'none'} role="status" aria-live="polite" data-testid="video-status">
      {video.state === 'uploading' && (
        <progress className={classes.progress} max={100} value={video.percent} aria-label={t('creation.video.progress')} />
      )}
      <span>{text}</span>
    </div>
  );
}

function FieldError({ id, message, testId }: { id?: string; message: string | undefined; testId?: string }) {
  return (
    <p id={id} className={classes.error} role={message ? 'alert' : undefined} data-testid={testId}>
      {message}
    </p>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
