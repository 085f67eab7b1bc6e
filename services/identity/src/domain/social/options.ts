import type { SocialConfig } from './types.ts';

export const DEFAULT_TIMEOUT_MS = 5_000;

/** Tokens longer than this are refused before any parsing or network call. */
export const MAX_TOKEN_LENGTH = 8_192;

export function resolveTimeoutMs(config: Pick<SocialConfig, 'timeoutMs'>): number {
  const value = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(value) || value <= 0) throw new TypeError('timeoutMs must be a positive number of milliseconds');
  return Math.max(1, Math.round(value));
}

/** Trimmed, non-empty items (a config list like "a,,b" must not yield an empty audience). */
export function cleanList(values: readonly string[]): string[] {
  return values.map((v) => v.trim()).filter((v) => v.length > 0);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function optionalText(value: unknown, max = 320): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= max ? trimmed : null;
}

export function optionalEmail(value: unknown): string | null {
  const email = optionalText(value, 320);
  return email !== null && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null;
}
