import { useCallback, useState } from 'react';
import type { PostDetail, UploadedImage } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { fieldErrorsOf } from '../../lib/api';
import { checkImageFile } from '../../lib/posts';
import { useT } from '../../lib/use-t';
import { useApi, useApiErrorText } from '../ApiProvider';
import { useToast } from '../Toasts';
import type { PostFormFields } from './usePostSubmit';

/** Sends one picture (already checked) to the image upload. */
function useSendImage() {
  const api = useApi();
  return useCallback(
    async (file: File): Promise<UploadedImage> => {
      const body = new FormData();
      body.set('file', file);
      return (await api.upload(ops.uploadImage, body)).data;
    },
    [api],
  );
}

/** The post's cover: its preview, whether it is uploading, and its message; sets the form's `cover`. */
export function useCoverUpload(form: PostFormFields, post: PostDetail | null) {
  const t = useT();
  const errorText = useApiErrorText();
  const send = useSendImage();
  const [preview, setPreview] = useState<string | null>(post?.cover.thumb ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function choose(file: File | undefined) {
    if (!file) return;
    const rule = checkImageFile(file);
    if (rule) {
      setError(t(rule));
      return;
    }
    setError('');
    setBusy(true);
    try {
      const image = await send(file);
      setPreview(image.thumb);
      form.set('cover', image.id);
    } catch (failure) {
      setError(fieldErrorsOf(failure).image ?? errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return { preview, busy, error, setError, choose };
}

/** Pictures inside an image-text post: the editor's upload (the picture's URL or null) and the message under the editor. */
export function useInlineImageUpload() {
  const t = useT();
  const toast = useToast();
  const errorText = useApiErrorText();
  const send = useSendImage();
  const [error, setError] = useState('');

  const upload = useCallback(
    async (file: File): Promise<string | null> => {
      const rule = checkImageFile(file);
      if (rule) {
        setError(t(rule));
        return null;
      }
      setError('');
      try {
        return (await send(file)).full;
      } catch (failure) {
        const text = fieldErrorsOf(failure).image ?? errorText(failure);
        setError(text);
        toast('error', text);
        return null;
      }
    },
    [send, t, toast, errorText],
  );

  return { error, setError, upload };
}
