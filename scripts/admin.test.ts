// `npm run admin` as an operator runs it: the script as its own process against a database of its
// own (real PostgreSQL when DATABASE_URL is set), migrated like production, removed afterwards.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, runMigrations, type Kysely, type TestDatabase } from '@brokerwise/sql';
import { migrations } from '../services/identity/migrations/index.ts';
import { createPasswordHasher } from '../services/identity/src/domain/passwords.ts';
import type { IdentityTables } from '../services/identity/src/store/types.ts';
import { runNodeScript } from '@brokerwise/testing';

const SCRIPT = path.join(import.meta.dirname, 'admin.ts');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('npm run admin', () => {
  let database: TestDatabase<IdentityTables>;
  let db: Kysely<IdentityTables>;
  let dataDir: string;
  let env: Record<string, string>;

  const admin = (args: string[], opts: { stdin?: string; env?: Record<string, string> } = {}): Promise<Run> =>
    runNodeScript(SCRIPT, args, { env: { ...env, ...opts.env }, ...(opts.stdin !== undefined ? { stdin: opts.stdin } : {}) });

  const userByEmail = (email: string) => db.selectFrom('user_account').selectAll().where('email', '=', email).executeTakeFirst();
  const auditOf = (userId: string) => db.selectFrom('role_audit').select(['action', 'previous_role', 'role', 'actor']).where('user_id', '=', userId).orderBy('at').execute();

  beforeAll(async () => {
    database = await createTestDatabase<IdentityTables>('identity', process.env.DATABASE_URL);
    db = database.db;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bw-admin-cli-'));
    // Without DATABASE_URL the script and the test can't share an in-memory PGlite.
    if (!database.url) return;
    await runMigrations(database, migrations);
    env = { APP_MODE: 'production', DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_ACTOR: 'ops@test' };
  });
  afterAll(async () => {
    await database?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers --help with its usage and exit codes, and refuses bad usage with 2', async () => {
    const help = await admin(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/create --email EMAIL/);
    expect(help.stdout).toMatch(/Exit codes/);
    for (const args of [[], ['promote', '--email', 'a@b.example'], ['create'], ['grant', '--email', 'a@b.example', '--password', 'x'], ['create', '--email', 'a@b.example', '--bogus']]) {
      const r = await admin(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^admin: /);
    }
  }, 90_000);

  it.runIf(process.env.DATABASE_URL)('creates an administrator who signs in with the given password, audited, never echoing it', async () => {
    const r = await admin(['create', '--email', 'First.Admin@Example.COM', '--password', 'Adm1n-pass!']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^created administrator first\.admin@example\.com \(username first\.admin, id [0-9a-f-]{36}\); audited as ops@test$/m);
    expect(r.stdout).not.toContain('Adm1n-pass!');
    const user = (await userByEmail('first.admin@example.com'))!;
    expect(user.role).toBe('admin');
    const { password_hash } = await db.selectFrom('credential').select('password_hash').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(await createPasswordHasher().verify(password_hash, 'Adm1n-pass!')).toBe(true);
    expect(await auditOf(user.id)).toEqual([{ action: 'create', previous_role: null, role: 'admin', actor: 'ops@test' }]);
    // Other services learn of the account through the outbox like any registration.
    const queued = await db.selectFrom('outbox' as never).select('type' as never).execute();
    expect(queued).toContainEqual({ type: 'identity.user.registered' });

    const again = await admin(['create', '--email', 'first.admin@example.com', '--password', 'Adm1n-pass!']);
    expect(again.code).toBe(4);
    expect(again.stderr).toMatch(/already has an account; use `grant --email first\.admin@example\.com`/);
  });

  it.runIf(process.env.DATABASE_URL)('generates a password when none is given and prints it once; reads one from stdin', async () => {
    const r = await admin(['create', '--email', 'gen@example.com', '--actor', 'alice']);
    expect(r.code, r.stderr).toBe(0);
    const printed = /^password: (\S+) \(shown once/m.exec(r.stdout)?.[1];
    expect(printed).toHaveLength(12);
    const gen = (await userByEmail('gen@example.com'))!;
    const hash = async (id: string) => (await db.selectFrom('credential').select('password_hash').where('user_id', '=', id).executeTakeFirstOrThrow()).password_hash;
    expect(await createPasswordHasher().verify(await hash(gen.id), printed!)).toBe(true);
    expect((await auditOf(gen.id))[0]!.actor).toBe('alice');

    const piped = await admin(['create', '--email', 'piped@example.com', '--username', 'piper', '--password-stdin'], { stdin: 'Piped-pw-9\n' });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).not.toMatch(/password:/);
    const pipedUser = (await userByEmail('piped@example.com'))!;
    expect(pipedUser.username).toBe('piper');
    expect(await createPasswordHasher().verify(await hash(pipedUser.id), 'Piped-pw-9')).toBe(true);

    const bad = await admin(['create', '--email', 'weak@example.com', '--password', 'short']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/password: length/);
    expect(await userByEmail('weak@example.com')).toBeUndefined();
  });

  it.runIf(process.env.DATABASE_URL)('grants and revokes the role of an existing account, idempotently, never the last admin without --force', async () => {
    await db
      .insertInto('user_account')
      .values({ id: '00000000-0000-4000-8000-00000000a001', email: 'member@example.com', username: 'member', created_at: new Date(), updated_at: new Date(), frozen_at: null })
      .execute();
    const granted = await admin(['grant', '--email', 'Member@example.com']);
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toMatch(/^granted the admin role of member@example\.com/);
    expect((await userByEmail('member@example.com'))!.role).toBe('admin');
    const twice = await admin(['grant', '--email', 'member@example.com']);
    expect(twice.code).toBe(0);
    expect(twice.stdout).toMatch(/already an administrator; nothing changed/);

    const revoked = await admin(['revoke', '--email', 'member@example.com']);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((await userByEmail('member@example.com'))!.role).toBe('user');
    expect(await auditOf('00000000-0000-4000-8000-00000000a001')).toEqual([
      { action: 'grant', previous_role: 'user', role: 'admin', actor: 'ops@test' },
      { action: 'revoke', previous_role: 'admin', role: 'user', actor: 'ops@test' },
    ]);

    expect((await admin(['grant', '--email', 'nobody@example.com'])).code).toBe(3);

    // Demote every admin but one, then the last one needs --force.
    await db.updateTable('user_account').set({ role: 'user' }).where('email', '<>', 'first.admin@example.com').execute();
    const last = await admin(['revoke', '--email', 'first.admin@example.com']);
    expect(last.code).toBe(4);
    expect(last.stderr).toMatch(/last administrator/);
    expect((await admin(['revoke', '--email', 'first.admin@example.com', '--force'])).code).toBe(0);
    expect(await db.selectFrom('user_account').select('id').where('role', '=', 'admin').execute()).toEqual([]);
  });

  it.runIf(process.env.DATABASE_URL)('fails with 1 and says what to do when the database is not migrated or settings are wrong', async () => {
    const empty = await createTestDatabase('identity', process.env.DATABASE_URL);
    try {
      const r = await admin(['grant', '--email', 'a@example.com'], { env: { DATABASE_URL: empty.url! } });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/npm run migrate -- identity/);
    } finally {
      await empty.destroy();
    }
    const bad = await admin(['grant', '--email', 'a@example.com'], { env: { DATABASE_URL: 'mysql://nope' } });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/DATABASE_URL/);
  });
});
