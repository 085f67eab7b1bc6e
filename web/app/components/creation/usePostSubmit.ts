import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { EditPostBody, PostDetail, PublishPostBody } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { fieldErrorsOf } from '../../lib/api';
import { postHref, validatePost, type PostFormValues } from '../../lib/posts';
import { useT } from '../../lib/use-t';
import { useFormFields } from '../account/use-form';
import { useApi, useApiErrorText } from '../ApiProvider';
import { useToast } from '../Toasts';

export type PostFormFields = ReturnType<typeof useFormFields<PostFormValues>>;

/** The form's values at start: empty for a new post, the post's own when editing. */
export function initialValues(post: PostDetail | null): PostFormValues {
  return {
    kind: post?.kind ?? 'video',
    title: post?.title ?? '',
    description: post?.description ?? '',
    category: post?.category.slug ?? '',
    cover: '',
    video: '',
    videoState: '',
    content: post?.content ?? '',
    keepCover: post !== null,
    keepVideo: post?.kind === 'video' && !!post.video,
  };
}

export function usePostForm(post: PostDetail | null) {
  return useFormFields<PostFormValues>(initialValues(post), validatePost);
}

/** What the server said about the fields the form shows outside its own messages (uploads, editor). */
export interface UploadFieldErrors {
  video?: string;
  cover?: string;
  content?: string;
}

/**
 * Publishes a new post or saves the edited one; on success goes to the post (or to the list of
 * one's posts while its video is still processing), on failure shows the server's messages.
 */
export function usePostSubmit(form: PostFormFields, post: PostDetail | null, onUploadErrors: (errors: UploadFieldErrors) => void) {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>) {
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
        result = await api.op(ops.editPost, body);
      } else {
        const body: PublishPostBody = {
          kind: v.kind as PublishPostBody['kind'],
          title: v.title.trim(),
          description: v.description.trim(),
          cover: v.cover,
          category: v.category as PublishPostBody['category'],
          ...(v.kind === 'video' ? { video: v.video } : { content: v.content }),
        };
        result = await api.op(ops.publishPost, body);
      }
      toast('success', result.msg || t('creation.form.saved'));
      const saved = result.data;
      // A post still being processed is not public yet: its place is the list of one's posts.
      const visible = saved.kind === 'image_text' || !!saved.video?.playable;
      navigate(visible ? postHref(saved) : '/user/vlog');
    } catch (error) {
      const shown = form.showServerErrors(error);
      const { video, cover, content } = fieldErrorsOf(error);
      onUploadErrors({ video, cover, content });
      const text = errorText(error);
      if (!shown) setFailure(text);
      toast('error', text);
      setSending(false);
    }
  }

  return { sending, failure, submit };
}
