import { Button } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { FollowBody, FollowResponse } from '@brokerwise/api-contract';
import { keepRedirect, loginUrlFor } from '../../lib/guard';
import { useT } from '../../lib/use-t';
import { useHydrated } from '../account/use-form';
import { useApi, useApiErrorText } from '../ApiProvider';
import { useSession } from '../SessionProvider';
import { useToast } from '../Toasts';

export interface FollowState {
  followed: boolean;
  followers: number;
}

/**
 * Follow / Followed (spec §4: follow toggles between follow and followed) through
 * POST /api/user/follow { fuid }. A visitor is sent to sign in first and comes back here.
 */
export function FollowButton({
  userId,
  followed,
  onChange,
  className,
  size = 'sm',
}: {
  userId: string;
  followed: boolean;
  onChange: (state: FollowState) => void;
  className?: string;
  size?: 'sm' | 'md';
}) {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const shown = followed && !!session.user;

  async function toggle() {
    if (!session.user) {
      // Signed out: sign in first, then come back here.
      keepRedirect(window.sessionStorage, pathname + search);
      navigate(loginUrlFor(pathname, search));
      return;
    }
    setBusy(true);
    try {
      const result = await api.post<FollowResponse['data']>('/api/user/follow', { fuid: userId } satisfies FollowBody);
      onChange({ followed: result.data.following, followers: result.data.followers });
      if (result.msg) toast('success', result.msg);
    } catch (error) {
      toast('error', errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      className={className}
      size={size}
      variant={shown ? 'default' : 'filled'}
      onClick={toggle}
      loading={busy}
      disabled={!hydrated}
      aria-pressed={shown}
      data-testid="follow-button"
    >
      {t(shown ? 'personal.follow.followed' : 'personal.follow.follow')}
    </Button>
  );
}
