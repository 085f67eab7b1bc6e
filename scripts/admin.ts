/**
 * `npm run admin -- <create|grant|revoke> --email …`: makes or unmakes administrators in the
 * identity database (DATABASE_URL, or the embedded PGlite under DATA_DIR) through identity's own
 * domain code, each change audited in identity.role_audit. The only way to the first admin in
 * production, where no demo admin or default password exists.
 */
import path from 'node:path';
import { hostname, userInfo } from 'node:os';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { ConfigError, Type, commonServiceSettings, parseConfig, processEnv } from '@brokerwise/config';
import { openDatabase, sql, type Kysely } from '@brokerwise/sql';
import { AdminCommandError, changeAdminRole, createAdmin, type AdminChange } from '../services/identity/src/domain/admins.ts';
import { generatePassword } from '../services/identity/src/domain/provision.ts';
import { createPasswordHasher } from '../services/identity/src/domain/passwords.ts';
import type { IdentityTables } from '../services/identity/src/store/types.ts';

const USAGE = `Usage:
  npm run admin -- create --email EMAIL [--password PASSWORD | --password-stdin] [--username NAME]
  npm run admin -- grant  --email EMAIL
  npm run admin -- revoke --email EMAIL [--force]

  create   a new account with the admin role. Without a password one is generated and printed once
           (ADMIN_PASSWORD in the environment is used when set: the k8s Job takes it from a Secret).
  grant    gives an existing account the admin role.
  revoke   takes it away; refused for the last administrator unless --force.

Options:
  --actor NAME   recorded in the audit as who did it (default ADMIN_ACTOR, else user@host)
  -h, --help     this text

Settings: DATABASE_URL (production) or DATA_DIR (embedded). Identity's migrations must have run.
Exit codes: 0 done or already so, 1 failure (settings, database, migrations), 2 bad usage or input,
            3 no such account, 4 conflict (email or username taken, last administrator).`;

const EXIT = { ok: 0, failure: 1, usage: 2, not_found: 3, conflict: 4 } as const;

function fail(code: number, message: string): never {
  process.stderr.write(`admin: ${message}\n`);
  process.exit(code);
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      username: { type: 'string' },
      actor: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
try {
  parsed = parse();
} catch (err) {
  fail(EXIT.usage, `${(err as Error).message}\n\n${USAGE}`);
}
const { values: opts, positionals } = parsed;
if (opts.help) {
  console.log(USAGE);
  process.exit(EXIT.ok);
}
const command = positionals[0];
if (command !== 'create' && command !== 'grant' && command !== 'revoke') fail(EXIT.usage, `${command ? `unknown command ${command}` : 'no command'}\n\n${USAGE}`);
if (positionals.length > 1) fail(EXIT.usage, `unexpected argument ${positionals[1]}`);
if (!opts.email) fail(EXIT.usage, `--email is required\n\n${USAGE}`);
if (command !== 'create' && (opts.password !== undefined || opts['password-stdin'] || opts.username !== undefined)) {
  fail(EXIT.usage, `--password and --username are for create only`);
}
if (command !== 'revoke' && opts.force) fail(EXIT.usage, '--force is for revoke only');
if (opts.password !== undefined && opts['password-stdin']) fail(EXIT.usage, 'give --password or --password-stdin, not both');

const env = processEnv();
const actor = opts.actor ?? env.ADMIN_ACTOR ?? `${userInfo().username}@${hostname()}`;

let config;
try {
  config = parseConfig(Type.Object(commonServiceSettings), env);
} catch (err) {
  if (err instanceof ConfigError) fail(EXIT.failure, err.message);
  throw err;
}
if (config.APP_MODE === 'production' && !config.DATABASE_URL) fail(EXIT.failure, 'DATABASE_URL is required in production');

let password: string | undefined;
let generated = false;
if (command === 'create') {
  password = opts['password-stdin'] ? (await text(process.stdin)).replace(/\r?\n$/, '') : (opts.password ?? (env.ADMIN_PASSWORD || undefined));
  if (password === undefined) {
    password = generatePassword();
    generated = true;
  }
}

const database = await openDatabase<IdentityTables>({ schema: 'identity', url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite', 'identity') });
let code: number;
try {
  const db = database.db as Kysely<IdentityTables>;
  const { rows } = await sql<{ t: string | null }>`select to_regclass('identity.role_audit')::text as t`.execute(db);
  if (!rows[0]?.t) {
    code = EXIT.failure;
    process.stderr.write('admin: identity is not migrated: run `npm run migrate -- identity` first\n');
  } else {
    code = await run(db);
  }
} catch (err) {
  code = EXIT.failure;
  process.stderr.write(`admin: ${(err as Error).message}\n`);
} finally {
  await database.close();
}
process.exit(code);

async function run(db: Kysely<IdentityTables>): Promise<number> {
  const ctx = { db, now: () => new Date(), passwords: createPasswordHasher() };
  let result: AdminChange;
  try {
    result =
      command === 'create'
        ? await createAdmin(ctx, { email: opts.email!, password: password!, username: opts.username, actor })
        : await changeAdminRole(ctx, { email: opts.email!, action: command as 'grant' | 'revoke', actor, force: opts.force ?? false });
  } catch (err) {
    if (!(err instanceof AdminCommandError)) throw err;
    process.stderr.write(`admin: ${err.message}\n`);
    return err.kind === 'not_found' ? EXIT.not_found : err.kind === 'conflict' ? EXIT.conflict : EXIT.usage;
  }
  const who = `${result.user.email} (username ${result.user.username}, id ${result.user.id})`;
  if (!result.changed) console.log(`${who} is already ${result.user.role === 'admin' ? 'an administrator' : 'not an administrator'}; nothing changed`);
  else if (command === 'create') console.log(`created administrator ${who}; audited as ${actor}`);
  else console.log(`${command === 'grant' ? 'granted' : 'revoked'} the admin role of ${who}; audited as ${actor}`);
  // Printed once, only when made up here; a given password is never echoed.
  if (generated) console.log(`password: ${password} (shown once; change it after signing in)`);
  return EXIT.ok;
}
