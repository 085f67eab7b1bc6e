import { Button } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { OperationData, TripartiteBody } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import type { ApiSuccess } from '../../lib/api';
import type { RootData } from '../../lib/root-data';
import { useT } from '../../lib/use-t';
import { useApi, useApiErrorText } from '../ApiProvider';
import { useToast } from '../Toasts';
import classes from './AuthForm.module.css';
import { useFinishSignIn } from './use-sign-in';

interface GoogleId {
  initialize(options: { client_id: string; callback: (response: { credential?: string }) => void; ux_mode?: 'popup' }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
}
interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(callback: (response: { authResponse?: { accessToken?: string } | null }) => void, options: { scope: string }): void;
}
declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
    FB?: FacebookSdk;
  }
}

const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
const FACEBOOK_SCRIPT = 'https://connect.facebook.net/en_US/sdk.js';
const FACEBOOK_API_VERSION = 'v19.0';

function loadScript(src: string): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
  if (existing?.dataset.loaded) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = existing ?? Object.assign(document.createElement('script'), { src, async: true, defer: true });
    script.addEventListener('load', () => {
      script.dataset.loaded = '1';
      resolve();
    });
    script.addEventListener('error', () => reject(new Error(`could not load ${src}`)));
    if (!existing) document.head.appendChild(script);
  });
}

type SignedIn = (result: ApiSuccess<OperationData<'socialSignIn'>>) => void;

/**
 * "Sign in with Google" and "Continue with Facebook" (spec §1, §7). The providers' own scripts
 * load only when the site has their public ids; without them (embedded mode) the buttons are shown
 * disabled with a "not configured" hint. The browser passes the provider's credential to
 * /api/user/TripartiteCheck, which verifies it. A Facebook failure is ignored silently (spec §8).
 * Once signed in, `finish` settles the page's own form, then the visitor is signed in as by it.
 */
export function SocialButtons({ finish, disabled }: { finish: () => void; disabled: boolean }) {
  const t = useT();
  const finishSignIn = useFinishSignIn();
  const onSignedIn: SignedIn = (result) => {
    finish();
    finishSignIn(result);
  };
  const root = useRouteLoaderData<RootData>('root');
  const social = root?.social ?? { googleClientId: '', facebookAppId: '' };
  return (
    <div className={classes.social}>
      <p className={classes.divider}>
        <span>{t('auth.social.or')}</span>
      </p>
      <div className={classes.socialRow}>
        {social.googleClientId ? (
          <GoogleButton clientId={social.googleClientId} onSignedIn={onSignedIn} />
        ) : (
          <NotConfigured id="google-not-configured" label={t('auth.social.google')} hint={t('auth.social.googleMissing')} />
        )}
        {social.facebookAppId ? (
          <FacebookButton appId={social.facebookAppId} onSignedIn={onSignedIn} disabled={disabled} />
        ) : (
          <NotConfigured id="facebook-not-configured" label={t('auth.social.facebook')} hint={t('auth.social.facebookMissing')} />
        )}
      </div>
    </div>
  );
}

function NotConfigured({ id, label, hint }: { id: string; label: string; hint: string }) {
  return (
    <span className={classes.tipWrap}>
      {/* aria-disabled rather than disabled, so the hint still shows on hover and focus. */}
      <Button
        type="button"
        variant="default"
        fullWidth
        data-disabled
        aria-disabled="true"
        aria-describedby={id}
        onClick={(event) => event.preventDefault()}
      >
        {label}
      </Button>
      <span role="tooltip" id={id} className={classes.tip}>
        {hint}
      </span>
    </span>
  );
}

function useTripartite(type: TripartiteBody['type']) {
  const api = useApi();
  return (credential: string) => api.op(ops.socialSignIn, { type, credential });
}

function GoogleButton({ clientId, onSignedIn }: { clientId: string; onSignedIn: SignedIn }) {
  const t = useT();
  const toast = useToast();
  const errorText = useApiErrorText();
  const check = useTripartite(1);
  const slot = useRef<HTMLDivElement>(null);
  const latest = useRef({ check, onSignedIn, toast, errorText });
  latest.current = { check, onSignedIn, toast, errorText };
  const [failed, setFailed] = useState(false);
  const locale = useRouteLoaderData<RootData>('root')?.locale ?? 'en';

  useEffect(() => {
    let cancelled = false;
    loadScript(GOOGLE_SCRIPT).then(
      () => {
        const google = window.google?.accounts.id;
        if (cancelled || !google || !slot.current) return;
        google.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) => {
            if (!credential) return;
            const { check: send, onSignedIn: done, toast: show, errorText: text } = latest.current;
            send(credential).then(done, (error: unknown) => show('error', text(error)));
          },
        });
        google.renderButton(slot.current, { type: 'standard', theme: 'outline', size: 'large', text: 'signin_with', locale, width: 180 });
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [clientId, locale]);

  if (failed) return <NotConfigured id="google-unavailable" label={t('auth.social.google')} hint={t('auth.social.unavailable')} />;
  return <div ref={slot} className={classes.googleSlot} />;
}

function FacebookButton({ appId, onSignedIn, disabled }: { appId: string; onSignedIn: SignedIn; disabled: boolean }) {
  const t = useT();
  const check = useTripartite(2);
  const [busy, setBusy] = useState(false);

  async function signIn() {
    setBusy(true);
    try {
      await loadScript(FACEBOOK_SCRIPT);
      const fb = window.FB;
      if (!fb) return;
      fb.init({ appId, version: FACEBOOK_API_VERSION, cookie: false, xfbml: false });
      const token = await new Promise<string | null>((resolve) =>
        fb.login((response) => resolve(response.authResponse?.accessToken ?? null), { scope: 'email,public_profile' }),
      );
      if (token) onSignedIn(await check(token));
    } catch {
      // Spec §8: a Facebook failure is ignored silently.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button type="button" variant="default" fullWidth onClick={signIn} loading={busy} disabled={disabled}>
      {t('auth.social.facebook')}
    </Button>
  );
}
