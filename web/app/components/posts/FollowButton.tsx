import { Button } from '@mantine/core';
import * as ops from '@brokerwise/api-contract/paths';
import { useT } from '../../lib/use-t';
import { useSignedInToggle } from '../use-signed-in-toggle';

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
  const { toggle, busy, ready, signedIn } = useSignedInToggle(
    (api) => api.op(ops.follow, { fuid: userId }),
    (data) => onChange({ followed: data.following, followers: data.followers }),
  );
  const shown = followed && signedIn;

  return (
    <Button
      className={className}
      size={size}
      variant={shown ? 'default' : 'filled'}
      onClick={toggle}
      loading={busy}
      disabled={!ready}
      aria-pressed={shown}
      data-testid="follow-button"
    >
      {t(shown ? 'personal.follow.followed' : 'personal.follow.follow')}
    </Button>
  );
}
