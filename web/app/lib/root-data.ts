import type { Country } from '../../../gateway/src/contract.ts';
import type { Settled } from './api';
import type { Messages } from './intl';
import type { Locale } from './locale';

/** The header's signed-in view; the accounts work supplies it. Until then the header is always signed out. */
export interface HeaderUser {
  username: string;
  avatar: string | null;
  hasUnreadNotices: boolean;
}

/** Data every page shares, from the root loader. */
export interface RootData {
  locale: Locale;
  messages: Messages;
  /** Public signature salt for the browser's API calls (spec §7). */
  salt: string;
  /** Public origin of the site, for canonical and alternate-language links. */
  origin: string;
  year: number;
  countries: Settled<Country[]>;
  user: HeaderUser | null;
}
