import { Button } from '@mantine/core';
import { useState } from 'react';
import { data, redirect, useLoaderData, useLocation, useNavigate } from 'react-router';
import type { FollowBody, PublicUser } from '../../../gateway/src/contract.ts';
import { useApi, useApiErrorText } from '../components/ApiProvider';
import { useHydrated } from '../components/account/use-form';
import { ErrorNotice } from '../components/ErrorNotice';
import { useSession } from '../components/SessionProvider';
import { RouteErrorContent } from '../components/StatusPage';
import { useToast } from '../components/Toasts';
import { settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { keepRedirect, loginUrlFor } from '../lib/guard';
import { pageMeta } from '../lib/meta';
import { useT } from '../lib/use-t';
import type { Route } from './+types/vlog.personal';
import classes from './vlog.personal.module.css';

/** /vlog/personal?id=<userId>: a creator's public profile. Unknown or missing id → /404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')?.trim();
  if (!id) throw redirect('/404');
  const { api } = pageApi(request, context);
  // The visitor's cookie goes along, so `followed` is the visitor's own.
  const result = await settle(api.get<PublicUser>('/api/user/public', { id }));
  if (!result.ok && result.error.status === 404) throw redirect('/404');
  return data({ result }, { status: result.ok ? 200 : 503 });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({
    matches,
    location,
    title: loaderData?.result.ok ? { id: 'personal.page.title', values: { username: loaderData.result.data.username } } : { id: 'personal.page.fallbackTitle' },
    description: loaderData?.result.ok && loaderData.result.data.motto ? loaderData.result.data.motto : { id: 'personal.page.description' },
  });

/** Author profile (spec §2 "author profile, fans"): avatar, name, motto, counts and Follow / Followed. */
export default function PersonalPage() {
  const t = useT();
  const { result } = useLoaderData<typeof loader>();
  if (!result.ok) {
    return (
      <div className={`bw-container ${classes.page}`}>
        <h1 className="bw-visually-hidden">{t('personal.page.fallbackTitle')}</h1>
        <ErrorNotice error={result.error} />
      </div>
    );
  }
  return <Profile key={result.data.id} user={result.data} />;
}

function Profile({ user }: { user: PublicUser }) {
  const t = useT();
  const session = useSession();
  const [state, setState] = useState({ followed: user.followed, followers: user.followers });
  const own = session.user?.id === user.id;
  const initial = [...user.username][0]?.toUpperCase() ?? '?';

  return (
    <div className={`bw-container ${classes.page}`}>
      <section className={classes.card} aria-labelledby="personal-name">
        {user.avatar?.avatar ? (
          <img className={classes.avatar} src={user.avatar.avatar} alt="" width={112} height={112} />
        ) : (
          <span className={`${classes.avatar} ${classes.initial}`} aria-hidden="true">
            {initial}
          </span>
        )}
        <div className={classes.body}>
          <h1 id="personal-name" className={classes.name}>
            {user.username}
          </h1>
          <p className={classes.motto}>{user.motto || t('personal.page.noMotto')}</p>
          <dl className={classes.stats}>
            <div>
              <dt>{t('personal.stats.followers')}</dt>
              <dd data-testid="followers-count">{state.followers}</dd>
            </div>
            <div>
              <dt>{t('personal.stats.following')}</dt>
              <dd data-testid="following-count">{user.following}</dd>
            </div>
          </dl>
        </div>
        {!own && <FollowButton userId={user.id} followed={state.followed && !!session.user} onChange={setState} />}
      </section>
    </div>
  );
}

function FollowButton({
  userId,
  followed,
  onChange,
}: {
  userId: string;
  followed: boolean;
  onChange: (state: { followed: boolean; followers: number }) => void;
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

  async function toggle() {
    if (!session.user) {
      // Signed out: sign in first, then come back here.
      keepRedirect(window.sessionStorage, pathname + search);
      navigate(loginUrlFor(pathname, search));
      return;
    }
    setBusy(true);
    try {
      const result = await api.post<{ following: boolean; followers: number }>('/api/user/follow', { fuid: userId } satisfies FollowBody);
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
      className={classes.follow}
      variant={followed ? 'default' : 'filled'}
      onClick={toggle}
      loading={busy}
      disabled={!hydrated}
      aria-pressed={followed}
    >
      {t(followed ? 'personal.follow.followed' : 'personal.follow.follow')}
    </Button>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
