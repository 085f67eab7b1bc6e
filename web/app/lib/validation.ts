/**
 * Form rules of spec §5 and §9. Each check returns the id of the message to show (both catalogues
 * carry the spec's wording) or null when the value is fine, so the rules stay testable without React.
 */
import { isEmailShape } from './format';

export type MessageId = string;
export type FieldErrors<F extends string> = Partial<Record<F, MessageId>>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 12;
export const REGISTER_USERNAME_MAX = 15;
export const PROFILE_USERNAME_MAX = 12;
export const USERNAME_MIN = 3;
export const MOTTO_MAX = 200;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/jpg', 'image/png']);
const AVATAR_EXTENSIONS = /\.(jpe?g|png)$/i;

/** Characters a password may not hold: & < > " ' and line breaks (any kind). */
const PASSWORD_FORBIDDEN = /[&<>"'\r\n\u2028\u2029\u0085]/u;
/** Letters of any script with their marks, digits, and _ . - only: no whitespace or other punctuation. */
const USERNAME_CHARS = /^[\p{L}\p{M}\p{N}_.-]+$/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const usernameCharsOk = (value: string) => USERNAME_CHARS.test(value) && HAS_LETTER_OR_DIGIT.test(value);

/** Length in characters as a person counts them (an emoji or a CJK character is one). */
const length = (value: string) => [...value].length;

export function checkAccount(value: string): MessageId | null {
  return value.trim() ? null : 'auth.validation.accountRequired';
}

/** Login/register password; also the new password of reset and change (spec note: 8 to 12 everywhere). */
export function checkPassword(value: string, requiredId: MessageId = 'auth.validation.passwordRequired'): MessageId | null {
  if (!value) return requiredId;
  const n = length(value);
  if (n < PASSWORD_MIN || n > PASSWORD_MAX || PASSWORD_FORBIDDEN.test(value)) return 'auth.validation.passwordLength';
  return null;
}

export function checkAgreement(checked: boolean): MessageId | null {
  return checked ? null : 'auth.validation.agreementRequired';
}

export function checkEmail(value: string): MessageId | null {
  if (!value.trim()) return 'auth.validation.emailRequired';
  return isEmailShape(value) ? null : 'auth.validation.emailFormat';
}

/** Register: 3 to 15 characters, no whitespace or special punctuation (one message for both). */
export function checkUsername(value: string): MessageId | null {
  const name = value.normalize('NFC');
  if (!name.trim()) return 'auth.validation.usernameRequired';
  const n = length(name);
  return n >= USERNAME_MIN && n <= REGISTER_USERNAME_MAX && usernameCharsOk(name) ? null : 'auth.validation.usernameRule';
}

/** Profile edit: the same characters as on registration, 3 to 12 of them (spec §9). */
export function checkProfileUsername(value: string): MessageId | null {
  const name = value.normalize('NFC');
  if (!name.trim()) return 'auth.validation.usernameRequired';
  if (!usernameCharsOk(name)) return 'profile.validation.usernameChars';
  const n = length(name);
  return n >= USERNAME_MIN && n <= PROFILE_USERNAME_MAX ? null : 'profile.validation.usernameLength';
}

export function checkCaptcha(value: string): MessageId | null {
  return value.trim() ? null : 'auth.validation.captchaRequired';
}

/** Confirmation of a new password; each screen has its own mismatch wording (spec §5). */
export function checkConfirm(value: string, password: string, mismatchId: MessageId): MessageId | null {
  if (!value) return 'auth.validation.confirmRequired';
  return value === password ? null : mismatchId;
}

export function checkOldPassword(value: string): MessageId | null {
  return value ? null : 'password.validation.oldRequired';
}

export function checkCountry(value: string): MessageId | null {
  return value ? null : 'profile.validation.countryRequired';
}

export function checkMotto(value: string): MessageId | null {
  return length(value) <= MOTTO_MAX ? null : 'profile.validation.mottoLength';
}

/** Avatar picked by the visitor: JPEG/JPG/PNG, at most 2 MB (checked again by content on the server). */
export function checkAvatarFile(file: { type: string; name: string; size: number }): MessageId | null {
  const typeOk = file.type ? AVATAR_TYPES.has(file.type.toLowerCase()) : AVATAR_EXTENSIONS.test(file.name);
  if (!typeOk) return 'profile.validation.avatarType';
  return file.size <= AVATAR_MAX_BYTES ? null : 'profile.validation.avatarSize';
}

/* Whole forms: the same rules run on every change of a field and on submit. */

export interface LoginValues {
  email: string;
  password: string;
  rememberpwd: boolean;
  check: boolean;
}
export function validateLogin(v: LoginValues): FieldErrors<keyof LoginValues> {
  return compact({ email: checkAccount(v.email), password: checkPassword(v.password), check: checkAgreement(v.check) });
}

export interface RegisterValues {
  email: string;
  username: string;
  password: string;
  captcha: string;
  check: boolean;
}
export function validateRegister(v: RegisterValues): FieldErrors<keyof RegisterValues> {
  return compact({
    email: checkEmail(v.email),
    username: checkUsername(v.username),
    password: checkPassword(v.password),
    captcha: checkCaptcha(v.captcha),
    check: checkAgreement(v.check),
  });
}

export interface RetrieveValues {
  email: string;
  captcha: string;
  pwd: string;
  confirm: string;
}
export function validateRetrieve(v: RetrieveValues): FieldErrors<keyof RetrieveValues> {
  return compact({
    email: checkEmail(v.email),
    captcha: checkCaptcha(v.captcha),
    pwd: checkPassword(v.pwd, 'password.validation.newRequired'),
    confirm: checkConfirm(v.confirm, v.pwd, 'auth.validation.confirmMismatch'),
  });
}

export interface ModifyPasswordValues {
  oldpwd: string;
  pwd: string;
  confirm: string;
  captcha: string;
}
export function validateModifyPassword(v: ModifyPasswordValues): FieldErrors<keyof ModifyPasswordValues> {
  return compact({
    oldpwd: checkOldPassword(v.oldpwd),
    pwd: checkPassword(v.pwd, 'password.validation.newRequired'),
    confirm: checkConfirm(v.confirm, v.pwd, 'password.validation.confirmMismatch'),
    captcha: checkCaptcha(v.captcha),
  });
}

export interface ProfileValues {
  username: string;
  country: string;
  motto: string;
}
export function validateProfile(v: ProfileValues): FieldErrors<keyof ProfileValues> {
  return compact({ username: checkProfileUsername(v.username), country: checkCountry(v.country), motto: checkMotto(v.motto) });
}

export interface BindEmailValues {
  email: string;
  captcha: string;
}
export function validateBindEmail(v: BindEmailValues): FieldErrors<keyof BindEmailValues> {
  return compact({ email: checkEmail(v.email), captcha: checkCaptcha(v.captcha) });
}

/* Reviews (spec §5 "Review": text 15 to 1000 characters, score not 0, a confirmation tick). */

export const REVIEW_TEXT_MIN = 15;
export const REVIEW_TEXT_MAX = 1000;

/** Characters of a review as the server counts them: code points, after trimming. */
export function reviewLength(value: string): number {
  return length(value.trim());
}

/** Stars as the form holds them: '' (none picked) or '1'…'5'. */
export function checkReviewScore(value: string): MessageId | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 && n <= 5 ? null : 'review.validation.scoreRequired';
}

export function checkReviewContent(value: string): MessageId | null {
  const n = reviewLength(value);
  if (n === 0) return 'review.validation.contentRequired';
  return n >= REVIEW_TEXT_MIN && n <= REVIEW_TEXT_MAX ? null : 'review.validation.contentLength';
}

export function checkReviewConfirmation(checked: boolean): MessageId | null {
  return checked ? null : 'review.validation.checkRequired';
}

export interface ReviewValues {
  score: string;
  content: string;
  check: boolean;
}
export function validateReview(v: ReviewValues): FieldErrors<keyof ReviewValues> {
  return compact({ score: checkReviewScore(v.score), content: checkReviewContent(v.content), check: checkReviewConfirmation(v.check) });
}

function compact<F extends string>(errors: Record<F, MessageId | null>): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const key of Object.keys(errors) as F[]) {
    const id = errors[key];
    if (id) out[key] = id;
  }
  return out;
}
