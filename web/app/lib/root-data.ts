import type { Country } from '@brokerwise/api-contract';
import type { Settled } from './api';
import type { Locale } from './locale';
import type { SessionUser } from './session';

/** Public ids of the social sign-in providers; '' when not configured (embedded mode). */
export interface SocialConfig {
  googleClientId: string;
  facebookAppId: string;
}

/** Data every page shares, from the root loader. */
export interface RootData {
  locale: Locale;
  /** Where the browser fetches this language's messages (lib/messages.ts); not the messages themselves. */
  messagesUrl: string;
  /** Public signature salt for the browser's API calls (spec §7). */
  salt: string;
  /** Public origin of the site, for canonical and alternate-language links. */
  origin: string;
  year: number;
  countries: Settled<Country[]>;
  /** The signed-in user, as the gateway confirmed it from the session cookie; null when signed out. */
  user: SessionUser | null;
  /**
   * A session cookie came in but could not be checked (gateway unreachable): the page then restores
   * the user from localStorage (spec §4) instead of showing a signed-out header.
   */
  sessionUnchecked: boolean;
  /** The notice bell's dot (GET /api/user/noticecont), seeded for the poll. */
  unreadNotices: boolean;
  social: SocialConfig;
}
