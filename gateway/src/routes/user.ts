import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Cache } from '@brokerwise/cache';
import { AppError } from '@brokerwise/errors';
import type { CatalogueClient, CatalogueCountry } from '../clients/catalogue.client.ts';
import type { IdentityClient, IdentityPublicUser, IdentityUser } from '../clients/identity.client.ts';
import type { CreatorFan, Lang, Page, PublicUser, UserInfo, UserProfile } from '@brokerwise/api-contract';
import type { OpaqueIds } from '../domain/opaque-id.ts';
import type { Presenters } from '../domain/presenters.ts';
import { JsonCache } from '../http/cached.ts';
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
const Str = (max: number) => Type.String({ maxLength: max });
const CODE_EVENTS = ['user_register', 'retrieve_password', 'change_password', 'bind_email'] as const;

const CheckInBody = Type.Object({
  tab: Type.Unsafe<'login' | 'register'>({ type: 'string', enum: ['login', 'register'] }),
  email: Type.Optional(Str(254)),
  password: Type.Optional(Str(100)),
  username: Type.Optional(Str(100)),
  captcha: Type.Optional(Str(20)),
  rememberpwd: Type.Optional(Type.Boolean()),
  accountType: Type.Optional(Type.Unsafe<'personal' | 'company'>({ type: 'string', enum: ['personal', 'company'] })),
});
const TripartiteBody = Type.Object({
  type: Type.Unsafe<1 | 2>({ type: 'integer', enum: [1, 2] }),
  credential: Type.String({ minLength: 1, maxLength: 8192 }),
  email: Type.Optional(Str(254)),
  name: Type.Optional(Str(200)),
  voucher: Type.Optional(Str(200)),
});
const EmsBody = Type.Object({
  email: Type.Optional(Str(254)),
  event: Type.Unsafe<(typeof CODE_EVENTS)[number]>({ type: 'string', enum: [...CODE_EVENTS] }),
});
const EditBody = Type.Object({
  avatar: Type.Optional(Str(300)),
  username: Type.Optional(Str(100)),
  country: Type.Optional(Str(100)),
  motto: Type.Optional(Str(1000)),
});
const ModifyBody = Type.Object({ oldpwd: Type.Optional(Str(100)), pwd: Type.Optional(Str(100)), captcha: Type.Optional(Str(20)) });
const RetrieveBody = Type.Object({ email: Type.Optional(Str(254)), pwd: Type.Optional(Str(100)), captcha: Type.Optional(Str(20)) });
const BindBody = Type.Object({ email: Type.Optional(Str(254)), captcha: Type.Optional(Str(20)) });
const FollowBody = Type.Object({ fuid: Type.Optional(Str(100)) });
const PublicQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }), _: Type.Optional(Type.String()) }, { additionalProperties: false });
// Any uid: a malformed one is an unknown user (404 from identity).
const FansQuery = Type.Object(
  {
    uid: Type.String({ minLength: 1, maxLength: 100 }),
    page: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
    _: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

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

  app.post<{ Body: Static<typeof CheckInBody> }>('/api/user/checkIn', { schema: { body: CheckInBody } }, async (request, reply) => {
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

  app.post<{ Body: Static<typeof TripartiteBody> }>('/api/user/TripartiteCheck', { schema: { body: TripartiteBody } }, async (request, reply) => {
    // Only the provider's verified answer counts: email, name and voucher from the browser are ignored.
    // A frozen account signs in to a session confined to its sanctions and appeals, as with a password (ADR 026).
    const signed = await identity.social({ provider: request.body.type === 1 ? 'google' : 'facebook', credential: request.body.credential, frozenAccess: true, ...client(request) }, request.id);
    const token = sessions.issue(reply, signed.session);
    if (signed.frozen === true) return okWith(request, reply, 'user.signed_in_frozen', { userInfo: { ...userInfo(signed.user, token), frozen: true } });
    return okWith(request, reply, signed.created ? 'user.registered' : 'user.signed_in', { userInfo: userInfo(signed.user, token) });
  });

  app.post('/api/user/logout', async (request, reply) => {
    const user = await sessions.optional(request, { frozen: true });
    if (user) {
      const { revoked } = await identity.revoke(user.sessionId, 'logout', request.id);
      await sessions.forget(revoked);
    }
    sessions.clear(reply);
    return okWith(request, reply, 'user.signed_out', null);
  });

  app.post('/api/user/index', async (request, reply) => {
    // A read (every server-rendered page checks the session with it): no CSRF token needed.
    // A frozen account's session answers too (flagged), so the web app can confine it to its sanctions.
    const user = await sessions.require(request, { read: true, frozen: true });
    const data = await profile(await identity.user(user.userId, request.id), request.id);
    return okWith(request, reply, 'ok', user.frozen ? { ...data, frozen: true } : data);
  });

  app.post<{ Body: Static<typeof EditBody> }>('/api/user/editUser', { schema: { body: EditBody } }, async (request, reply) => {
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

  app.post('/api/user/avatar', async (request, reply) => {
    const user = await sessions.require(request);
    if (!request.isMultipart()) throw new AppError({ code: 'identity.avatar_invalid', kind: 'validation', message: 'Multipart upload expected', fields: { avatar: 'type' } });
    const bytes = await readMultipartFile(request, AVATAR_MAX_BYTES, (problem) =>
      new AppError({ code: 'identity.avatar_invalid', kind: problem === 'too_large' ? 'too_large' : 'validation', message: `Avatar refused: ${problem}`, fields: { avatar: problem === 'required' ? 'type' : problem } }),
    );
    // The name and declared type are ignored: the identity service checks the bytes.
    const { key } = await identity.uploadAvatar(user.userId, bytes, request.id);
    return okWith(request, reply, 'user.avatar_uploaded', { key, avatar: { avatar: avatarUrl(key) } });
  });

  app.post<{ Body: Static<typeof ModifyBody> }>('/api/user/modifyPassword', { schema: { body: ModifyBody } }, async (request, reply) => {
    const user = await sessions.require(request);
    const b = request.body;
    requireFields({ oldpwd: b.oldpwd, pwd: b.pwd, captcha: b.captcha });
    const { revoked } = await identity.changePassword(user.userId, { oldPassword: b.oldpwd!, newPassword: b.pwd!, code: b.captcha!.trim() }, request.id);
    await sessions.forget([...revoked, user.sessionId]);
    sessions.clear(reply);
    return okWith(request, reply, 'user.password_changed', null);
  });

  app.post<{ Body: Static<typeof RetrieveBody> }>('/api/user/retrievePassword', { schema: { body: RetrieveBody } }, async (request, reply) => {
    const b = request.body;
    requireFields({ email: b.email, pwd: b.pwd, captcha: b.captcha });
    const { revoked } = await identity.resetPassword({ email: b.email!.trim(), newPassword: b.pwd!, code: b.captcha!.trim() }, request.id);
    await sessions.forget(revoked);
    return okWith(request, reply, 'user.password_reset', null);
  });

  app.post<{ Body: Static<typeof EmsBody> }>('/api/ems/send', { schema: { body: EmsBody } }, async (request, reply) => {
    const b = request.body;
    const signedIn = b.event === 'change_password' || b.event === 'bind_email' ? await sessions.require(request) : null;
    if (b.event !== 'change_password') requireFields({ email: b.email });
    const data = await identity.sendCode(
      { email: (b.email ?? '').trim(), purpose: b.event, locale: locale(request.lang), ...(signedIn ? { userId: signedIn.userId } : {}) },
      request.id,
    );
    return okWith(request, reply, 'user.code_sent', data);
  });

  app.post<{ Body: Static<typeof BindBody> }>('/api/user/bindemail', { schema: { body: BindBody } }, async (request, reply) => {
    const user = await sessions.require(request);
    requireFields({ email: request.body.email, captcha: request.body.captcha });
    const updated = await identity.bindEmail(user.userId, { email: request.body.email!.trim(), code: request.body.captcha!.trim() }, request.id);
    return okWith(request, reply, 'user.email_bound', await profile(updated, request.id));
  });

  app.post<{ Body: Static<typeof FollowBody> }>('/api/user/follow', { schema: { body: FollowBody } }, async (request, reply) => {
    const user = await sessions.require(request);
    requireFields({ fuid: request.body.fuid });
    const result = await identity.follow(user.userId, request.body.fuid!, request.id);
    return okWith(request, reply, result.following ? 'user.followed' : 'user.unfollowed', result);
  });

  app.get<{ Querystring: Static<typeof PublicQuery> }>('/api/user/public', { schema: { querystring: PublicQuery } }, async (request, reply) => {
    const viewer = await sessions.optional(request);
    const u: IdentityPublicUser = await identity.publicUser(request.query.id, viewer?.userId, request.id);
    const data: PublicUser = { id: u.id, username: u.username, avatar: { avatar: avatarUrl(u.avatarKey) }, motto: u.motto, followers: u.followers, following: u.following, followed: u.followed };
    return okWith(request, reply, 'ok', data);
  });

  // The author's fans (spec §2): public; `followed` says whether the signed-in caller follows each fan.
  app.get<{ Querystring: Static<typeof FansQuery> }>('/api/user/fans', { schema: { querystring: FansQuery } }, async (request, reply) => {
    const viewer = await sessions.optional(request);
    const q = request.query;
    const r = await identity.followers(q.uid, { page: q.page, limit: q.limit, viewer: viewer?.userId }, request.id);
    const list: CreatorFan[] = r.items.map((f) => ({ id: f.id, username: f.username, avatar: { avatar: avatarUrl(f.avatarKey) }, followedAt: f.followedAt, followed: f.followed }));
    const data: Page<CreatorFan> = { list, total: r.total, page: q.page, limit: q.limit };
    return okWith(request, reply, 'ok', data);
  });
}
