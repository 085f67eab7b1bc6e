/**
 * Automatic signals (issue 17): facts about a submission that send the review up the moderation
 * queue with the reasons. They never reject, hide or delete anything — a moderator decides.
 * The pure rules (text similarity, links, domains) are here; `detectSignals` reads what it needs
 * through the store. Thresholds come from the service config (README "Automatic signals").
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from '@brokerwise/sql';
import { companyReviewsSince, recentTextsOfOthers, sharedOriginReviews, type NewFlag } from '../store/signal.store.ts';
import type { ReviewsTables } from '../store/types.ts';
import { normaliseText } from './rules.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Other reviews named in a flag's details (enough for the moderator to look; counts are exact). */
const MAX_IDS = 20;

export interface SignalThresholds {
  /** Queue severity of a flagged pending review (reports are 1–5; a plain pending review 0). */
  severity: number;
  /** Trigram Jaccard similarity (0–1) at which two texts count as near-duplicates. */
  duplicateSimilarity: number;
  duplicateWindowMs: number;
  /** How many of the most recent other reviews in the window are compared. */
  duplicateScanMax: number;
  /** This many reviews of one company (this one included) within the window is a burst. */
  burstCount: number;
  burstWindowMs: number;
  /** This many accounts (this one included) from one device or address on one company. */
  sharedOriginAccounts: number;
  sharedOriginWindowMs: number;
  /** Accounts younger than this whose text has a link are flagged. */
  newAccountAgeMs: number;
}

/**
 * Character trigrams of the text compared as a person reads it: normalised (NFKC, lower case),
 * punctuation and symbols read as a space, whitespace collapsed. Characters, not words, so Chinese text
 * (no spaces) is compared as well as English.
 */
export function trigrams(text: string): Set<string> {
  const chars = [...normaliseText(text).replace(/[^\p{L}\p{N}]+/gu, ' ').trim()];
  const out = new Set<string>();
  if (chars.length < 3) {
    if (chars.length > 0) out.add(chars.join(''));
    return out;
  }
  for (let i = 0; i + 3 <= chars.length; i += 1) out.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  return out;
}

/** |A ∩ B| / |A ∪ B|; two empty sets are not similar (0). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let common = 0;
  for (const x of small) if (large.has(x)) common += 1;
  return common / (a.size + b.size - common);
}

const LINK =
  /(?:https?:\/\/|www\.)\S|(?:^|[^a-z0-9@.-])[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|co|cn|hk|info|biz|xyz|top|vip|me|app|site|online|shop|link|ly|gl|cc|tv|club|pro)(?![a-z0-9])/iu;

/** A URL, `www.`, or a bare domain name with a common top-level domain (`t.me/…`, `example.com`). */
export const hasLink = (text: string): boolean => LINK.test(text.normalize('NFKC'));

/** Lower case, no trailing dot, no leading `www.`; '' when there is nothing domain-like. */
export function bareDomain(domain: string | null | undefined): string {
  const d = (domain ?? '').trim().toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(d) ? d : '';
}

/** The email's domain is the company's website domain or one of its subdomains (or the reverse). */
export function sameOrganisation(emailDomain: string | null | undefined, companyDomain: string | null | undefined): boolean {
  const e = bareDomain(emailDomain);
  const c = bareDomain(companyDomain);
  if (!e || !c) return false;
  return e === c || e.endsWith(`.${c}`) || c.endsWith(`.${e}`);
}

export interface Submission {
  reviewId: string;
  companyId: string;
  userId: string;
  text: string;
  now: Date;
  accountCreatedAt: Date;
  /** Keyed hashes from the gateway (never the raw address). */
  origin: { address: string | null; device: string | null };
  emailDomain: string | null;
  companyDomain: string | null;
}

/** The signals one submission raises, as flags ready to store (none: a plain pending review). */
export async function detectSignals(db: Kysely<ReviewsTables>, t: SignalThresholds, s: Submission): Promise<NewFlag[]> {
  const now = s.now.getTime();
  const flags: NewFlag[] = [];
  const flag = (kind: NewFlag['kind'], details: Record<string, unknown>) => flags.push({ id: randomUUID(), reviewId: s.reviewId, kind, severity: t.severity, details, at: s.now });

  // (a) The same or nearly the same text as other accounts' recent reviews.
  const mine = trigrams(s.text);
  const similar = (await recentTextsOfOthers(db, s.userId, new Date(now - t.duplicateWindowMs), t.duplicateScanMax))
    .map((r) => ({ id: r.id, similarity: jaccard(mine, trigrams(r.text)) }))
    .filter((r) => r.similarity >= t.duplicateSimilarity)
    .sort((a, b) => b.similarity - a.similarity);
  if (similar.length > 0) {
    flag('near_duplicate', {
      count: similar.length,
      similarity: Math.floor(similar[0]!.similarity * 100) / 100,
      reviewIds: similar.slice(0, MAX_IDS).map((r) => r.id),
      threshold: t.duplicateSimilarity,
      windowHours: t.duplicateWindowMs / 3_600_000,
    });
  }

  // (b) A burst of reviews on the company.
  const burst = await companyReviewsSince(db, s.companyId, new Date(now - t.burstWindowMs));
  const inBurst = burst.some((r) => r.id === s.reviewId) ? burst.length : burst.length + 1;
  if (inBurst >= t.burstCount) {
    flag('company_burst', {
      count: inBurst,
      minutes: t.burstWindowMs / MINUTE_MS,
      threshold: t.burstCount,
      reviewIds: burst.filter((r) => r.id !== s.reviewId).slice(-MAX_IDS).map((r) => r.id),
    });
  }

  // (c) Several accounts from one device or address reviewing the company.
  const shared = await sharedOriginReviews(db, { companyId: s.companyId, userId: s.userId, address: s.origin.address, device: s.origin.device, since: new Date(now - t.sharedOriginWindowMs) });
  const accounts = new Set(shared.map((r) => r.user_id)).size + 1;
  if (shared.length > 0 && accounts >= t.sharedOriginAccounts) {
    const device = shared.some((r) => r.same_device);
    const address = shared.some((r) => r.same_address);
    flag('shared_origin', {
      accounts,
      via: device && address ? 'both' : device ? 'device' : 'address',
      threshold: t.sharedOriginAccounts,
      days: t.sharedOriginWindowMs / DAY_MS,
      reviewIds: shared.slice(-MAX_IDS).map((r) => r.id),
    });
  }

  // (d) A brand-new account whose text has a link.
  const ageMs = Math.max(0, now - s.accountCreatedAt.getTime());
  if (ageMs < t.newAccountAgeMs && hasLink(s.text)) {
    flag('new_account_link', { ageDays: Math.floor(ageMs / DAY_MS), thresholdDays: t.newAccountAgeMs / DAY_MS });
  }

  // (e) An account tied to the company: its email domain is the company's website domain.
  if (sameOrganisation(s.emailDomain, s.companyDomain)) flag('tied_account', { domain: bareDomain(s.emailDomain) });

  return flags;
}
