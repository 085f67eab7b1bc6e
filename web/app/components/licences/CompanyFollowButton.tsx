import { Button } from '@mantine/core';
import { useState } from 'react';
import type { CompanyFollow } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { useT } from '../../lib/use-t';
import { useSignedInToggle } from '../use-signed-in-toggle';

/**
 * Follow a company: its licence register changes become the follower's notices. A visitor is sent
 * to sign in first and comes back here.
 */
export function CompanyFollowButton({ companyId, following: initial, className }: { companyId: string; following: boolean; className?: string }) {
  const t = useT();
  const [following, setFollowing] = useState(initial);
  // The call runs only for a signed-in user, for whom the button shows `following`.
  const { toggle, busy, ready, signedIn } = useSignedInToggle<CompanyFollow>(
    (api) => api.op(ops.companyFollowSet, { id: companyId, follow: !following }),
    (data) => setFollowing(data.following),
  );
  const shown = following && signedIn;

  return (
    <Button className={className} variant={shown ? 'default' : 'outline'} onClick={toggle} loading={busy} disabled={!ready} aria-pressed={shown} data-testid="company-follow">
      {t(shown ? 'licences.follow.following' : 'licences.follow.follow')}
    </Button>
  );
}
