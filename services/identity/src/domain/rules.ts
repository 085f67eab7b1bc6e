/**
 * Input rules of the account forms (spec §5, §9), as pure functions returning a stable field
 * code or undefined. Lengths count characters (code points), so a CJK name of 3 is 3.
 */

export const EMAIL_MAX = 254;
export const USERNAME_REGISTER = { min: 3, max: 15 } as const;
export const USERNAME_PROFILE = { min: 3, max: 12 } as const;
export const PASSWORD = { min: 8, max: 12 } as const;
export const MOTTO_MAX = 200;

export type Locale = 'en' | 'zh-cn';

// One address, no display name, nothing the mail port would refuse (packages/mail ADDRESS).
const EMAIL_SHAPE = /^[^\s@<>",;()[\]\\]+@[^\s@<>",;()[\]\\.]+(\.[^\s@<>",;()[\]\\.]+)+$/u;
// Letters of any script (CJK included) with their marks, digits, and _ - . only.
const USERNAME_CHARS = /^[\p{L}\p{M}\p{N}_.-]+$/u;
// & < > " ' and line breaks are refused in passwords (spec §5).
const PASSWORD_FORBIDDEN = /[&<>"'\r\n\u2028\u2029\u0085]/u;
const COUNTRY_CODE = /^[A-Z]{2}$/;

export const charLength = (s: string): number => [...s].length;

/** Trimmed and lower-cased: the form emails are stored and compared in. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
/** NFC, so the same name typed on two keyboards is one name. Not trimmed: whitespace is refused. */
export const normalizeUsername = (username: string): string => username.normalize('NFC');
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const usernameCharsOk = (u: string): boolean => USERNAME_CHARS.test(u) && HAS_LETTER_OR_DIGIT.test(u);

export function emailProblem(email: string): 'required' | 'format' | undefined {
  const e = normalizeEmail(email);
  if (e === '') return 'required';
  if (e.length > EMAIL_MAX || !EMAIL_SHAPE.test(e)) return 'format';
  return undefined;
}

/** Registration: one code for shape and length, as the form shows one message for both. */
export function registerUsernameProblem(username: string): 'required' | 'format' | undefined {
  const u = normalizeUsername(username);
  if (u === '') return 'required';
  const n = charLength(u);
  if (n < USERNAME_REGISTER.min || n > USERNAME_REGISTER.max || !usernameCharsOk(u)) return 'format';
  return undefined;
}

/** Profile edit: 3 to 12 (`length`), same characters as registration (`format`). */
export function profileUsernameProblem(username: string): 'required' | 'length' | 'format' | undefined {
  const u = normalizeUsername(username);
  if (u === '') return 'required';
  if (!usernameCharsOk(u)) return 'format';
  const n = charLength(u);
  if (n < USERNAME_PROFILE.min || n > USERNAME_PROFILE.max) return 'length';
  return undefined;
}

/** Passwords are taken exactly as typed (no trimming). */
export function passwordProblem(password: string): 'required' | 'length' | 'characters' | undefined {
  if (password === '') return 'required';
  const n = charLength(password);
  if (n < PASSWORD.min || n > PASSWORD.max) return 'length';
  if (PASSWORD_FORBIDDEN.test(password)) return 'characters';
  return undefined;
}

export function mottoProblem(motto: string): 'too_long' | undefined {
  return charLength(motto) > MOTTO_MAX ? 'too_long' : undefined;
}

export function countryProblem(code: string | null): 'required' | 'format' | undefined {
  if (code === null || code === '') return 'required';
  return COUNTRY_CODE.test(code) ? undefined : 'format';
}

/** Only emptiness is a form error; a code of the wrong shape is simply a wrong code. */
export function codeProblem(code: string): 'required' | undefined {
  return code.trim() === '' ? 'required' : undefined;
}

/**
 * A valid, registrable username from a display name given by a sign-in provider: disallowed
 * characters dropped, cut to `max`, padded to `min`; `fallback` when nothing usable is left.
 */
export function usernameFromName(name: string | null, fallback: string, max: number = USERNAME_PROFILE.max): string {
  const kept = [...normalizeUsername(name ?? '').replace(/\s+/g, '_')].filter((ch) => USERNAME_CHARS.test(ch));
  let base = kept.slice(0, max).join('').replace(/^[_.-]+|[_.-]+$/g, '');
  if (charLength(base) < USERNAME_PROFILE.min || !HAS_LETTER_OR_DIGIT.test(base)) base = fallback;
  return [...base].slice(0, max).join('');
}
