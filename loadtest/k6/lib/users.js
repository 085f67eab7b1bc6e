// Accounts for the signed-in scenarios of ops.js (sign-in, review writes, uploads).
//
// Either listed accounts (USERS="email:password,…" or USERS_FILE=a JSON array of
// {"email","password"}), which is how it runs against k8s: make the accounts a day ahead, so the
// new-account limits (3 reviews, 120 s apart, in the first 24 h) don't pace the review writers;
// or, with MAILBOX_URL, each virtual user registers a fresh account on its first iteration,
// reading the emailed code from the mailbox: `npm run topology`'s control port (`<control>/mail`,
// JSON) or `npm start`'s `/dev/mailbox` (HTML).
import http from 'k6/http';
import { sleep } from 'k6';
import { signatureHeaders } from './signature.js';

/** "a@x:pw,b@x:pw" and/or a JSON array of {email,password} → [{email,password}]. */
export function listedAccounts(usersEnv, usersFileText) {
  const out = [];
  if (usersFileText) {
    const parsed = JSON.parse(usersFileText);
    if (!Array.isArray(parsed)) throw new Error('USERS_FILE: expected a JSON array of {"email","password"}');
    for (const u of parsed) out.push({ email: String(u.email), password: String(u.password) });
  }
  if (usersEnv) {
    for (const item of usersEnv.split(',')) {
      const i = item.indexOf(':');
      if (i > 0) out.push({ email: item.slice(0, i).trim(), password: item.slice(i + 1) });
    }
  }
  return out;
}

function randomName() {
  let s = '';
  while (s.length < 10) s += Math.random().toString(36).slice(2);
  return `lt${s.slice(0, 10)}`;
}

/** The newest 6-digit code in the mailbox answer: topology's JSON list (oldest first) or the dev mailbox page (newest first). */
export function codeFromMailbox(body) {
  let text = '';
  try {
    const mails = JSON.parse(body);
    if (Array.isArray(mails) && mails.length > 0) text = String(mails[mails.length - 1].text || '');
  } catch (e) {
    const first = /<pre class="body">([\s\S]*?)<\/pre>/.exec(String(body));
    text = first ? first[1] : '';
  }
  const m = /\b(\d{6})\b/.exec(text);
  return m ? m[1] : null;
}

/**
 * Registers a new account: code by email (read from the mailbox), then checkIn tab=register.
 * Returns {email, password, username, token} or throws with what went wrong.
 */
export function registerAccount(opts) {
  const username = randomName();
  const email = `${username}@loadtest.example`;
  const password = `Lt${Math.random().toString(36).slice(2, 8)}9x`;
  const headers = () => Object.assign({ 'Content-Type': 'application/json', Accept: 'application/json', lang: 'en' }, signatureHeaders(opts.salt));
  const tags = { name: 'register', phase: 'account' };
  const sent = http.post(`${opts.baseUrl}/api/ems/send`, JSON.stringify({ email: email, event: 'user_register' }), { headers: headers(), tags: { name: 'ems_send', phase: 'account' } });
  if (sent.status !== 200) throw new Error(`register: /api/ems/send answered ${sent.status} ${String(sent.body).slice(0, 200)}`);
  const sep = opts.mailboxUrl.indexOf('?') >= 0 ? '&' : '?';
  let code = null;
  for (let i = 0; i < 120 && code === null; i++) {
    const box = http.get(`${opts.mailboxUrl}${sep}to=${encodeURIComponent(email)}`, { tags: { name: 'mailbox', phase: 'mailbox' } });
    if (box.status === 200) code = codeFromMailbox(box.body);
    if (code === null) sleep(0.5);
  }
  if (code === null) throw new Error(`register: no code reached ${opts.mailboxUrl} for ${email} within 60 s`);
  const res = http.post(`${opts.baseUrl}/api/user/checkIn`, JSON.stringify({ tab: 'register', email: email, username: username, password: password, captcha: code }), { headers: headers(), tags: tags });
  let body = null;
  try {
    body = res.json();
  } catch (e) {
    body = null;
  }
  if (res.status !== 200 || !body || body.code !== 1) throw new Error(`register: checkIn answered ${res.status} ${String(res.body).slice(0, 200)}`);
  return { email: email, password: password, username: username, token: body.data.userInfo.token };
}
