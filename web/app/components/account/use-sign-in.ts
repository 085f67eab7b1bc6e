import { useCallback } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import type { OperationData } from '@brokerwise/api-contract';
import type { ApiSuccess } from '../../lib/api';
import { takeRedirect } from '../../lib/guard';
import { sessionUserFrom } from '../../lib/session';
import { useSession } from '../SessionProvider';
import { useToast } from '../Toasts';
import { REDIRECT_DELAY_MS, useLater } from './use-form';

/**
 * The end of every sign-in (password, registration, Google, Facebook; spec §2, §4): the server's
 * message as a success toast, the user kept (id, name, avatar; never the token), and after 3 seconds
 * the page the guard kept in session storage, or home.
 */
export function useFinishSignIn() {
  const toast = useToast();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const { revalidate } = useRevalidator();
  const later = useLater();
  return useCallback(
    (result: ApiSuccess<OperationData<'checkIn'>>) => {
      if (result.msg) toast('success', result.msg);
      signIn(sessionUserFrom(result.data.userInfo));
      // The answer names the user but not their roles: the root loader's session check does, so
      // an admin's links show at once, without a reload (the sign-in pages keep their own data).
      void revalidate();
      // A frozen account can only see and appeal its sanctions: it goes there, not where it was headed.
      const frozen = result.data.userInfo.frozen === true;
      if (frozen) takeRedirect(window.sessionStorage);
      later(REDIRECT_DELAY_MS, () => navigate(frozen ? '/user/sanctions' : takeRedirect(window.sessionStorage), { replace: true }));
    },
    [toast, signIn, revalidate, later, navigate],
  );
}
