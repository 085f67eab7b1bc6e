import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { operations, type Validated } from '@brokerwise/api-contract';
import type { Cache } from '@brokerwise/cache';
import { AppError } from '@brokerwise/errors';
import type { CatalogueClient, CatalogueCountry } from '../clients/catalogue.client.ts';
import type { IdentityClient, IdentityPublicUser, IdentityUser } from '../clients/identity.client.ts';
import type { CreatorFan, Lang, Page, PublicUser, UserInfo, UserProfile } from '@brokerwise/api-contract';
import type { OpaqueIds } from '../domain/opaque-id.ts';
import type { Presenters } from '../domain/presenters.ts';
import { JsonCache } from '../http/cached.ts';
import { contractSchema } from '../http/contract-schema.ts';
import { now } from '../http/envelope.ts';
import type { Sessions } from '../http/session.ts';
import { readMultipartFile } from '../http/multipart.ts';
import { message } from '../i18n/messages.ts';

export interface UserDeps {
  identity: IdentityClient;
  catalogue: CatalogueClient;
  cache: Cache;
  sessions: Sessions;
  ids: OpaqueIds;
  presenters: Presenters;
}

const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Fields the caller left empty, as spec §5 field codes: refused before any service call. */
function requireFields(values: Record<string, unknown>): void {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) if (typeof value !== 'string' || value.trim() === '') fields[name] = 'required';
  if (Object.keys(fields).length > 0) throw new AppError({ code: 'identity.validation', kind: 'validation', message: 'Missing fields', fields });
}

function okWith<T>(request: FastifyRequest, reply: FastifyReply, msgCode: string, data: T) {
  return reply.header('cache-control', 'no-store').send({ code: 1, msg: message(msgCode, request.lang), time: now(), data });
}

const locale = (lang: Lang) => lang;
const client = (request: FastifyRequest) => ({ ip: request.clientAddress, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300) });
const avatarUrl = (key: string | null) => (key ? `/media/${key}` : '');

/** /api/user/* and /api/ems/send: accounts, sessions, profile, follow (spec §7). */
export async function userRoutes(app: FastifyInstance, deps: UserDeps): Promise<void> {
  const { identity, sessions, ids, presenters } = deps;
  const jsonCache = new JsonCache(deps.cache);

  const countries = async (requestId: string): Promise<Map<string, CatalogueCountry>> => {
    const { json } = await jsonCache.get('gw:cat:countries:all', 300, () => deps.catalogue.countries(false, requestId));
    const list = JSON.parse(json.toString()) as CatalogueCountry[];
    presenters.rememberCountries(list);
    return new Map(list.map((c) => [c.code, c]));
  };

  const profile = async (u: IdentityUser, requestId: string): Promise<UserProfile> => {
    const byCode = u.countryCode ? await countries(requestId) : undefined;
    const c = u.countryCode ? byCode?.get(u.countryCode) : undefined;
    return {
      id: u.id,
      username: u.username,
      email: u.email,
      avatar: { avatar: avatarUrl(u.avatarKey) },
      country: c ? presenters.country(c) : null,
      motto: u.motto,
      accountType: u.accountType,
      followers: u.followers,
      following: u.following,
      likesReceived: u.likesReceived,
      collections: u.collections,
      createdAt: u.createdAt,
      isAdmin: u.role === 'admin',
      role: u.role,
    };
  };

  const userInfo = (u: IdentityUser, token: string): UserInfo => ({ id: u.id, username: u.username, token, avatar: { avatar: avatarUrl(u.avatarKey) } });

  app.post<{ Body: Validated<typeof operations.checkIn.body> }>('/api/user/checkIn', { schema: contractSchema('checkIn') }, async (request, reply) => {
    const b = request.body;
    if (b.tab === 'login') {
      const fields: Record<string, string> = {};
      if (!b.email?.trim()) fields.email = 'login_required';
      if (!b.password) fields.password = 'required';
      if (Object.keys(fields).length > 0) throw new AppError({ code: 'identity.validation', kind: 'validation', message: 'Missing fields', fields });
      const device = sessions.deviceOf(request);
      // A frozen account signs in to a session confined to its sanctions and appeals (ADR 026).
      const signed = await identity.login(
        { login: b.email!.trim(), password: b.password!, remember: b.rememberpwd === true, frozenAccess: true, ...(device ? { device } : {}), ...client(request) },
        request.id,
      );
      const token = sessions.issue(reply, signed.session);
      sessions.rememberDevice(reply, signed.device);
      if (signed.frozen === true) return okWith(request, reply, 'user.signed_in_frozen', { userInfo: { ...userInfo(signed.user, token), frozen: true } });
      return okWith(request, reply, 'user.signed_in', { userInfo: userInfo(signed.user, token) });
    }
    requireFields({ email: b.email, username: b.username, password: b.password, captcha: b.captcha });
    const signed = await identity.register(
      { email: b.email!.trim(), username: b.username!.trim(), password: b.password!, code: b.captcha!.trim(), ...(b.accountType ? { accountType: b.accountType } : {}), locale: locale(request.lang), ...client(request) },
      request.id,
    );
    const token = sessions.issue(reply, signed.session);
    return okWith(request, reply, 'user.registered', { userInfo: userInfo(signed.user, token) });
  });

  app.post<{ Body: Validated<typeof operations.socialSignIn.body> }>('/api/user/TripartiteCheck', { schema: contractSchema('socialSignIn') }, async (request, reply) => {
    // Only the provider's verified answer counts: email, name and voucher from the browser are ignored.
    // A frozen account signs in to a session confined to its sanctions and appeals, as with a password (ADR 026).
    const signed = await identity.social({ provider: request.body.type === 1 ? 'google' : 'facebook', credential: request.body.credential, frozenAccess: true, ...client(request) }, request.id);
    const token = sessions.issue(reply, signed.session);
    if (signed.frozen === true) return okWith(request, reply, 'user.signed_in_frozen', { userInfo: { ...userInfo(signed.user, token), frozen: true } });
    return okWith(request, reply, signed.created ? 'user.registered' : 'user.signed_in', { userInfo: userInfo(signed.user, token) });
  });

  app.post('/api/user/logout', { schema: contractSchema('logout') }, async (request, reply) => {
    const user = await sessions.optional(request, { frozen: true });
    if (user) {
      const { revoked } = await identity.revoke(user.sessionId, 'logout', request.id);
      await sessions.forget(revoked);
    }
    sessions.clear(reply);
    return okWith(request, reply, 'user.signed_out', null);
  });

  app.post('/api/user/index', { schema: contractSchema('profile') }, async (request, reply) => {
    // A read (every server-rendered page checks the session with it): no CSRF token needed.
    // A frozen account's session answers too (flagged), so the web app can confine it to its sanctions.
    const user = await sessions.require(request, { read: true, frozen: true });
    const data = await profile(await identity.user(user.userId, request.id), request.id);
    return okWith(request, reply, 'ok', user.frozen ? { ...data, frozen: true } : data);
  });

  app.post<{ Body: Validated<typeof operations.editProfile.body> }>('/api/user/editUser', { schema: contractSchema('editProfile') }, async (request, reply) => {
    const user = await sessions.require(request);
    const b = request.body;
    requireFields({ username: b.username, country: b.country });
    const countryCode = ids.decode('country', b.country!, 'country');
    const updated = await identity.updateProfile(
      user.userId,
      { username: b.username!.trim(), countryCode, motto: (b.motto ?? '').trim(), ...(b.avatar ? { avatarKey: b.avatar } : {}) },
      request.id,
    );
    return okWith(request, reply, 'user.profile_saved', await profile(updated, request.id));
  });

  app.post('/api/user/avatar', { schema: contractSchema('uploadAvatar') }, async (request, reply) => {
    const user = await sessions.require(request);
    if (!request.isMultipart()) throw new AppError({ code: 'identity.avatar_invalid', kind: 'validation', message: 'Multipart upload expected', fields: { avatar: 'type' } });
    const bytes = await readMultipartFile(request, AVATAR_MAX_BYTES, (problem) =>
      new AppError({ code: 'identity.avatar_invalid', kind: problem === 'too_large' ? 'too_large' : 'validation', message: `Avatar refused: ${problem}`, fields: { avatar: problem === 'required' ? 'type' : problem } }),
    );
    // The name and declared type are ignored: the identity service checks the bytes.
    const { key } = await identity.uploadAvatar(user.userId, bytes, request.id);
    return okWith(request, reply, 'user.avatar_uploaded', { key, avatar: { avatar: avatarUrl(key) } });
  });

  app.post<{ Body: Validated<typeof operations.modifyPassword.body> }>('/api/user/modifyPassword', { schema: contractSchema('modifyPassword') }, async (request, reply) => {
    const user = await sessions.require(request);
    const b = request.body;
    requireFields({ oldpwd: b.oldpwd, pwd: b.pwd, captcha: b.captcha });
    const { revoked } = await identity.changePassword(user.userId, { oldPassword: b.oldpwd!, newPassword: b.pwd!, code: b.captcha!.trim() }, request.id);
    await sessions.forget([...revoked, user.sessionId]);
    sessions.clear(reply);
    return okWith(request, reply, 'user.password_changed', null);
  });

  app.post<{ Body: Validated<typeof operations.retrievePassword.body> }>('/api/user/retrievePassword', { schema: contractSchema('retrievePassword') }, async (request, reply) => {
    const b = request.body;
    requireFields({ email: b.email, pwd: b.pwd, captcha: b.captcha });
    const { revoked } = await identity.resetPassword({ email: b.email!.trim(), newPassword: b.pwd!, code: b.captcha!.trim() }, request.id);
    await sessions.forget(revoked);
    return okWith(request, reply, 'user.password_reset', null);
  });

  app.post<{ Body: Validated<typeof operations.sendCode.body> }>('/api/ems/send', { schema: contractSchema('sendCode') }, async (request, reply) => {
    const b = request.body;
    const signedIn = b.event === 'change_password' || b.event === 'bind_email' ? await sessions.require(request) : null;
    if (b.event !== 'change_password') requireFields({ email: b.email });
    const data = await identity.sendCode(
      { email: (b.email ?? '').trim(), purpose: b.event, locale: locale(request.lang), ...(signedIn ? { userId: signedIn.userId } : {}) },
      request.id,
    );
    return okWith(request, reply, 'user.code_sent', data);
  });

  app.post<{ Body: Validated<typeof operations.bindEmail.body> }>('/api/user/bindemail', { schema: contractSchema('bindEmail') }, async (request, reply) => {
    const user = await sessions.require(request);
    requireFields({ email: request.body.email, captcha: request.body.captcha });
    const updated = await identity.bindEmail(user.userId, { email: request.body.email!.trim(), code: request.body.captcha!.trim() }, request.id);
    return okWith(request, reply, 'user.email_bound', await profile(updated, request.id));
  });

  app.post<{ Body: Validated<typeof operations.follow.body> }>('/api/user/follow', { schema: contractSchema('follow') }, async (request, reply) => {
    const user = await sessions.require(request);
    requireFields({ fuid: request.body.fuid });
    const result = await identity.follow(user.userId, request.body.fuid!, request.id);
    return okWith(request, reply, result.following ? 'user.followed' : 'user.unfollowed', result);
  });

  app.get<{ Querystring: Validated<typeof operations.publicUser.query> }>('/api/user/public', { schema: contractSchema('publicUser') }, async (request, reply) => {
    const viewer = await sessions.optional(request);
    const u: IdentityPublicUser = await identity.publicUser(request.query.id, viewer?.userId, request.id);
    const data: PublicUser = { id: u.id, username: u.username, avatar: { avatar: avatarUrl(u.avatarKey) }, motto: u.motto, followers: u.followers, following: u.following, followed: u.followed };
    return okWith(request, reply, 'ok', data);
  });

  // The author's fans (spec §2): public; `followed` says whether the signed-in caller follows each fan.
  app.get<{ Querystring: Validated<typeof operations.fans.query> }>('/api/user/fans', { schema: contractSchema('fans') }, async (request, reply) => {
    const viewer = await sessions.optional(request);
    const q = request.query;
    const r = await identity.followers(q.uid, { page: q.page, limit: q.limit, viewer: viewer?.userId }, request.id);
    const list: CreatorFan[] = r.items.map((f) => ({ id: f.id, username: f.username, avatar: { avatar: avatarUrl(f.avatarKey) }, followedAt: f.followedAt, followed: f.followed }));
    const data: Page<CreatorFan> = { list, total: r.total, page: q.page, limit: q.limit };
    return okWith(request, reply, 'ok', data);
  });
}
