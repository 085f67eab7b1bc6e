import { describe, expect, it } from 'vitest';
import en from '../app/lang/en.json';
import zhCN from '../app/lang/zh-CN.json';
import {
  checkAccount,
  checkAgreement,
  checkAvatarFile,
  checkCaptcha,
  checkConfirm,
  checkCountry,
  checkEmail,
  checkMotto,
  checkOldPassword,
  checkPassword,
  checkProfileUsername,
  checkUsername,
  validateLogin,
  validateModifyPassword,
  validateProfile,
  validateRegister,
  validateRetrieve,
} from '../app/lib/validation';

const EN = en as Record<string, string>;
const ZH = zhCN as Record<string, string>;

/** The message a rule returns, as a visitor reads it in each language. */
function texts(id: string | null): { en: string; zh: string } | null {
  if (id === null) return null;
  expect(EN[id], `en has ${id}`).toBeTruthy();
  expect(ZH[id], `zh-CN has ${id}`).toBeTruthy();
  return { en: EN[id]!, zh: ZH[id]! };
}

// Spec §5 wording (English) and the Chinese the site shows, which the gateway's messages use too.
const ACCOUNT_REQUIRED = { en: 'Please enter a mailbox or user name.', zh: '请输入邮箱或用户名。' };
const PASSWORD_REQUIRED = { en: 'Please enter the password.', zh: '请输入密码。' };
const PASSWORD_LENGTH = { en: 'Password length is 8-12 digits.', zh: '密码长度为 8 到 12 位。' };
const AGREEMENT = { en: 'Please read and agree to the agreement.', zh: '请阅读并同意协议。' };
const EMAIL_REQUIRED = { en: 'Please enter a mailbox.', zh: '请输入邮箱。' };
const EMAIL_FORMAT = { en: 'The mailbox format is incorrect.', zh: '邮箱格式不正确。' };
const USERNAME_REQUIRED = { en: 'Please enter a user name.', zh: '请输入用户名。' };
const USERNAME_RULE = { en: 'Disable special characters with a length of 3 to 15.', zh: '不能包含特殊字符，长度为 3 到 15 位。' };
const CAPTCHA_REQUIRED = { en: 'Please enter the captcha.', zh: '请输入验证码。' };
const RETRIEVE_MISMATCH = { en: "Two inputs don't match!", zh: '两次输入不一致！' };
const MODIFY_MISMATCH = { en: 'The two inputs do not match', zh: '两次输入的密码不一致' };

describe('login rules (spec §5)', () => {
  it('needs an email or user name', () => {
    expect(texts(checkAccount(''))).toEqual(ACCOUNT_REQUIRED);
    expect(texts(checkAccount('   '))).toEqual(ACCOUNT_REQUIRED);
    expect(checkAccount('trader_li')).toBeNull();
    expect(checkAccount('li@example.com')).toBeNull();
  });

  it('needs a password of 8 to 12 characters without & < > " \' or line breaks', () => {
    expect(texts(checkPassword(''))).toEqual(PASSWORD_REQUIRED);
    expect(texts(checkPassword('1234567'))).toEqual(PASSWORD_LENGTH);
    expect(checkPassword('12345678')).toBeNull();
    expect(checkPassword('123456789012')).toBeNull();
    expect(texts(checkPassword('1234567890123'))).toEqual(PASSWORD_LENGTH);
    for (const bad of ['&', '<', '>', '"', "'", '\n', '\r', '\u2028']) {
      expect(texts(checkPassword(`abcd${bad}efgh`)), JSON.stringify(bad)).toEqual(PASSWORD_LENGTH);
    }
    // Counted in characters, so a CJK password of 8 is 8 (not 24 bytes), and spaces count as typed.
    expect(checkPassword('密码密码密码密码')).toBeNull();
    expect(checkPassword(' pass word ')).toBeNull();
  });

  it('needs the agreement ticked', () => {
    expect(texts(checkAgreement(false))).toEqual(AGREEMENT);
    expect(checkAgreement(true)).toBeNull();
  });

  it('checks the whole form at once', () => {
    const errors = validateLogin({ email: '', password: 'short', rememberpwd: false, check: false });
    expect(Object.fromEntries(Object.entries(errors).map(([field, id]) => [field, texts(id)!.en]))).toEqual({
      email: ACCOUNT_REQUIRED.en,
      password: PASSWORD_LENGTH.en,
      check: AGREEMENT.en,
    });
    expect(validateLogin({ email: 'li', password: 'goodpass1', rememberpwd: true, check: true })).toEqual({});
  });
});

describe('register rules (spec §5)', () => {
  it('needs an email in a simple shape', () => {
    expect(texts(checkEmail(''))).toEqual(EMAIL_REQUIRED);
    for (const bad of ['li', 'li@', '@example.com', 'li@example', 'l i@example.com']) expect(texts(checkEmail(bad)), bad).toEqual(EMAIL_FORMAT);
    expect(checkEmail(' li@example.com ')).toBeNull();
  });

  it('needs a user name of 3 to 15 letters or digits, without whitespace or special punctuation', () => {
    expect(texts(checkUsername(''))).toEqual(USERNAME_REQUIRED);
    expect(texts(checkUsername('ab'))).toEqual(USERNAME_RULE);
    expect(checkUsername('abc')).toBeNull();
    expect(checkUsername('a'.repeat(15))).toBeNull();
    expect(texts(checkUsername('a'.repeat(16)))).toEqual(USERNAME_RULE);
    for (const bad of ['li wei', 'li@wei', 'li!wei', 'li#wei', '___', 'tab\there']) expect(texts(checkUsername(bad)), bad).toEqual(USERNAME_RULE);
    for (const good of ['li_wei', 'li.wei', 'li-wei', '李小龙', 'Trader2024']) expect(checkUsername(good), good).toBeNull();
  });

  it('needs the captcha', () => {
    expect(texts(checkCaptcha(''))).toEqual(CAPTCHA_REQUIRED);
    expect(texts(checkCaptcha('  '))).toEqual(CAPTCHA_REQUIRED);
    expect(checkCaptcha('123456')).toBeNull();
  });

  it('checks the whole form, password and agreement as on login', () => {
    const errors = validateRegister({ email: 'x', username: 'a b', password: '', captcha: '', check: false });
    expect(Object.fromEntries(Object.entries(errors).map(([field, id]) => [field, texts(id)!.zh]))).toEqual({
      email: EMAIL_FORMAT.zh,
      username: USERNAME_RULE.zh,
      password: PASSWORD_REQUIRED.zh,
      captcha: CAPTCHA_REQUIRED.zh,
      check: AGREEMENT.zh,
    });
    expect(validateRegister({ email: 'li@example.com', username: 'li_wei', password: 'goodpass1', captcha: '123456', check: true })).toEqual({});
  });
});

describe('password reset and change (spec §5)', () => {
  it('reset: the confirmation must match, in the reset wording', () => {
    expect(texts(checkConfirm('abcdefgh', 'abcdefgX', 'auth.validation.confirmMismatch'))).toEqual(RETRIEVE_MISMATCH);
    expect(texts(checkConfirm('', 'abcdefgh', 'auth.validation.confirmMismatch'))).toEqual({ en: 'Please enter the password again.', zh: '请再次输入密码。' });
    const errors = validateRetrieve({ email: '', captcha: '', pwd: '', confirm: 'x' });
    expect(texts(errors.email!)).toEqual(EMAIL_REQUIRED);
    expect(texts(errors.captcha!)).toEqual(CAPTCHA_REQUIRED);
    expect(texts(errors.pwd!)).toEqual({ en: 'Please enter the new password.', zh: '请输入新密码。' });
    expect(texts(errors.confirm!)).toEqual(RETRIEVE_MISMATCH);
    expect(validateRetrieve({ email: 'li@example.com', captcha: '1', pwd: 'newpass12', confirm: 'newpass12' })).toEqual({});
  });

  it('change: old password required, new password 8 to 12, confirmation in the change wording', () => {
    expect(texts(checkOldPassword(''))).toEqual({ en: 'Please enter the old password.', zh: '请输入原密码。' });
    const errors = validateModifyPassword({ oldpwd: '', pwd: 'abc', confirm: 'abd', captcha: '' });
    expect(texts(errors.oldpwd!)).toEqual({ en: 'Please enter the old password.', zh: '请输入原密码。' });
    expect(texts(errors.pwd!)).toEqual(PASSWORD_LENGTH);
    expect(texts(errors.confirm!)).toEqual(MODIFY_MISMATCH);
    expect(texts(errors.captcha!)).toEqual(CAPTCHA_REQUIRED);
    expect(validateModifyPassword({ oldpwd: 'oldpass12', pwd: 'newpass12', confirm: 'newpass12', captcha: '123456' })).toEqual({});
  });
});

describe('profile rules (spec §5, §9)', () => {
  it('user name: 3 to 12, same characters as registration', () => {
    expect(texts(checkProfileUsername(''))).toEqual(USERNAME_REQUIRED);
    expect(checkProfileUsername('a'.repeat(12))).toBeNull();
    expect(texts(checkProfileUsername('a'.repeat(13)))).toEqual({ en: 'The user name must be 3 to 12 characters.', zh: '用户名长度为 3 到 12 位。' });
    expect(texts(checkProfileUsername('ab'))).toEqual({ en: 'The user name must be 3 to 12 characters.', zh: '用户名长度为 3 到 12 位。' });
    expect(texts(checkProfileUsername('li wei'))).toEqual({ en: 'Disable special characters.', zh: '禁止使用特殊字符。' });
  });

  it('country required, motto at most 200 characters', () => {
    expect(texts(checkCountry(''))).toEqual({ en: 'Please select a country or region.', zh: '请选择国家或地区。' });
    expect(checkCountry('opaque-id')).toBeNull();
    expect(checkMotto('好'.repeat(200))).toBeNull();
    expect(texts(checkMotto('好'.repeat(201)))).toEqual({ en: 'The profile text must be at most 200 characters.', zh: '个人简介最多 200 个字符。' });
    expect(validateProfile({ username: 'li_wei', country: 'c1', motto: '' })).toEqual({});
  });

  it('avatar: JPEG, JPG or PNG of at most 2MB', () => {
    const type = { en: 'The avatar must be a JPEG, JPG or PNG image.', zh: '头像只能是 JPEG、JPG 或 PNG 图片。' };
    const size = { en: 'The avatar must be at most 2MB.', zh: '头像不能超过 2MB。' };
    expect(checkAvatarFile({ type: 'image/png', name: 'a.png', size: 2 * 1024 * 1024 })).toBeNull();
    expect(checkAvatarFile({ type: 'image/jpeg', name: 'a.jpg', size: 10 })).toBeNull();
    expect(checkAvatarFile({ type: '', name: 'photo.JPEG', size: 10 })).toBeNull();
    expect(texts(checkAvatarFile({ type: 'image/png', name: 'a.png', size: 2 * 1024 * 1024 + 1 }))).toEqual(size);
    expect(texts(checkAvatarFile({ type: 'image/gif', name: 'a.gif', size: 10 }))).toEqual(type);
    expect(texts(checkAvatarFile({ type: 'image/webp', name: 'a.png', size: 10 }))).toEqual(type);
    expect(texts(checkAvatarFile({ type: '', name: 'a.bmp', size: 10 }))).toEqual(type);
  });
});
