import { nonEssentialAllowed, setNonEssential } from '../store/preference.store.ts';
import type { NotificationsContext } from './context.ts';

export interface EmailPreferences {
  /** Moderation outcomes and newsletters; verification codes are always sent. */
  nonEssential: boolean;
}

export async function preferencesOf(ctx: Pick<NotificationsContext, 'db'>, userId: string): Promise<EmailPreferences> {
  return { nonEssential: await nonEssentialAllowed(ctx.db, userId) };
}

export async function savePreferences(ctx: Pick<NotificationsContext, 'db' | 'now'>, userId: string, prefs: EmailPreferences): Promise<EmailPreferences> {
  await setNonEssential(ctx.db, userId, prefs.nonEssential, ctx.now());
  return prefs;
}
