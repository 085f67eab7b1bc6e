import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { validationError } from '@brokerwise/errors';
import type { IdentityDeps } from '../../deps.ts';
import { changePassword } from '../../domain/credentials.ts';
import { listUserFollows, toggleFollow } from '../../domain/follows.ts';
import { bindEmail, editProfile, getPublicProfile, getUser, publicCards, uploadAvatar } from '../../domain/profile.ts';
import { RevokedDto, UserDto, toUserDto } from '../dto.ts';
import {
  AVATAR_BODY_LIMIT,
  AvatarResponse,
  BatchQuery,
  EmailBody,
  FollowBody,
  FollowListDto,
  FollowListQuery,
  FollowResponse,
  PasswordBody,
  ProfileBody,
  PublicQuery,
  PublicUserDto,
  UserCardsDto,
  UserParams,
} from './schemas.ts';

type Params = { Params: Static<typeof UserParams> };

/** Profile, avatar, password change, email binding and follows of one user (`:id` = the signed-in user). */
export async function userRoutes(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  // The avatar is posted as the raw uploaded bytes.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: AVATAR_BODY_LIMIT }, (_request, body, done) => done(null, body));

  // Names and avatars of several users (the gateway's author names for a page of posts).
  app.get<{ Querystring: Static<typeof BatchQuery> }>('/v1/users/batch', { schema: { querystring: BatchQuery, response: { 200: UserCardsDto } } }, async (request) => {
    const rows = await publicCards(deps, request.query.ids.split(','));
    return { items: rows.map((u) => ({ id: u.id, username: u.username, avatarKey: u.avatar_key })) };
  });

  app.get<Params>('/v1/users/:id', { schema: { params: UserParams, response: { 200: UserDto } } }, async (request) => toUserDto(await getUser(deps, request.params.id)));

  app.get<Params & { Querystring: Static<typeof PublicQuery> }>(
    '/v1/users/:id/public',
    { schema: { params: UserParams, querystring: PublicQuery, response: { 200: PublicUserDto } } },
    async (request) => {
      const { user, followed } = await getPublicProfile(deps, request.params.id, request.query.viewer);
      return { id: user.id, username: user.username, avatarKey: user.avatar_key, motto: user.motto, followers: user.followers_count, following: user.following_count, followed };
    },
  );

  app.patch<Params & { Body: Static<typeof ProfileBody> }>(
    '/v1/users/:id',
    { config: { callerParam: 'id' }, schema: { params: UserParams, body: ProfileBody, response: { 200: UserDto } } },
    async (request) => {
      const b = request.body;
      const row = await editProfile(deps, request.params.id, { username: b.username, countryCode: b.countryCode, motto: b.motto, avatarKey: b.avatarKey }, { correlationId: request.id });
      deps.relay.poke();
      return toUserDto(row);
    },
  );

  app.post<Params>(
    '/v1/users/:id/avatar',
    { config: { callerParam: 'id' }, bodyLimit: AVATAR_BODY_LIMIT, schema: { params: UserParams, response: { 200: AvatarResponse } } },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw validationError('identity.avatar_invalid', { avatar: 'type' }, 'Send the image as application/octet-stream');
      return uploadAvatar(deps, request.params.id, request.body);
    },
  );

  app.post<Params & { Body: Static<typeof PasswordBody> }>(
    '/v1/users/:id/password',
    { config: { callerParam: 'id' }, schema: { params: UserParams, body: PasswordBody, response: { 200: RevokedDto } } },
    async (request) => changePassword(deps, request.params.id, request.body),
  );

  app.post<Params & { Body: Static<typeof EmailBody> }>(
    '/v1/users/:id/email',
    { config: { callerParam: 'id' }, schema: { params: UserParams, body: EmailBody, response: { 200: UserDto } } },
    async (request) => {
      const row = await bindEmail(deps, request.params.id, request.body, { correlationId: request.id });
      deps.relay.poke();
      return toUserDto(row);
    },
  );

  // A user's followers and the users they follow, newest first (`viewer`: who is looking, for `followed`).
  for (const side of ['followers', 'following'] as const) {
    app.get<Params & { Querystring: Static<typeof FollowListQuery> }>(
      `/v1/users/:id/${side}`,
      { schema: { params: UserParams, querystring: FollowListQuery, response: { 200: FollowListDto } } },
      async (request) => {
        const { page, limit, viewer } = request.query;
        const { rows, total } = await listUserFollows(deps, request.params.id, side, { page, limit, viewerId: viewer });
        const items = rows.map((r) => ({ id: r.id, username: r.username, avatarKey: r.avatar_key, followedAt: r.followed_at.toISOString(), followed: r.followed }));
        return { items, total, page, limit };
      },
    );
  }

  app.post<Params & { Body: Static<typeof FollowBody> }>(
    '/v1/users/:id/follow',
    { config: { callerParam: 'id' }, schema: { params: UserParams, body: FollowBody, response: { 200: FollowResponse } } },
    async (request) => {
      const result = await toggleFollow(deps, request.params.id, request.body.targetId, { correlationId: request.id });
      deps.relay.poke();
      return result;
    },
  );
}
