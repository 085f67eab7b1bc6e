import { Button } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { CompanyFollow, CompanyFollowBody } from '@brokerwise/api-contract';
import { keepRedirect, loginUrlFor } from '../../lib/guard';
import { useT } from '../../lib/use-t';
import { useHydrated } from '../account/use-form';
import { useApi, useApiErrorText } from '../ApiProvider';
import { useSession } from '../SessionProvider';
import { useToast } from '../Toasts';

/**
 * Follow a company: its licence register changes become the follower's notices. A visitor is sent
 * to sign in first and comes back here.
 */
export function CompanyFollowButton({ companyId, following: initial, className }: { companyId: string; following: boolean; className?: string }) {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const [following, setFollowing] = useState(initial);
  const [busy, setBusy] = useState(false);
  const shown = following && !!session.user;

  async function toggle() {
    if (!session.user) {
      keepRedirect(window.sessionStorage, pathname + search);
      navigate(loginUrlFor(pathname, search));
      return;
    }
    setBusy(true);
    try {
      const result = await api.post<CompanyFollow>('/api/brokers/follow', { id: companyId, follow: !shown } satisfies CompanyFollowBody);
      setFollowing(result.data.following);
      if (result.msg) toast('success', result.msg);
    } catch (error) {
      toast('error', errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button className={className} variant={shown ? 'default' : 'outline'} onClick={toggle} loading={busy} disabled={!hydrated} aria-pressed={shown} data-testid="company-follow">
      {t(shown ? 'licences.follow.following' : 'licences.follow.follow')}
    </Button>
  );
}
