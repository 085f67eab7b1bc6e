import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ApiClient, ApiSuccess } from '../lib/api';
import { keepRedirect, loginUrlFor } from '../lib/guard';
import { useHydrated } from './account/use-form';
import { useApi, useApiErrorText } from './ApiProvider';
import { useSession } from './SessionProvider';
import { useToast } from './Toasts';

/**
 * A button that needs a signed-in user (follow a person, follow a company): a visitor is sent to
 * sign in first and comes back here; otherwise `call` runs, its message is toasted and `done` gets
 * the answer. `ready` is false until hydration (the button does nothing before).
 */
export function useSignedInToggle<T>(call: (api: ApiClient) => Promise<ApiSuccess<T>>, done: (data: T) => void) {
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const ready = useHydrated();
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (!session.user) {
      keepRedirect(window.sessionStorage, pathname + search);
      navigate(loginUrlFor(pathname, search));
      return;
    }
    setBusy(true);
    try {
      const result = await call(api);
      done(result.data);
      if (result.msg) toast('success', result.msg);
    } catch (error) {
      toast('error', errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return { toggle, busy, ready, signedIn: !!session.user };
}
