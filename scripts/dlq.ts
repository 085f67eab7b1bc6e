/**
 * `npm run dlq -- list | show SEQ | replay SEQ|--all | drop SEQ`: the dead letters an operator
 * works — events a consumer's handler failed EVENTS_MAX_DELIVER times, and outbox rows the bus
 * refused OUTBOX_MAX_ATTEMPTS times (`outbox-<service>`). They sit in the NATS dead-letter stream
 * (NATS_URL, NATS_NAMESPACE as the services') until replayed or dropped.
 */
import { parseArgs } from 'node:util';
import { toJson } from '@bufbuild/protobuf';
import { busConfig, createBus, type DeadLetter, type EventBus } from '@brokerwise/bus';
import { ConfigError, Type, commonServiceSettings, parseConfig, processEnv } from '@brokerwise/config';
import { EVENT_TYPES, decodeEvent, isEventType, timestampDate } from '@brokerwise/proto';

const USAGE = `Usage:
  npm run dlq -- list   [--durable NAME] [--json]
  npm run dlq -- show   SEQ
  npm run dlq -- replay SEQ
  npm run dlq -- replay --all [--durable NAME]
  npm run dlq -- drop   SEQ

  list     the dead letters, oldest first: seq, when, durable, attempts, event type and id, error.
  show     one dead letter with its event decoded (envelope and payload), as JSON.
  replay   sends it back: a consumer's dead letter to the durable it failed in only (its inbox makes
           a second replay harmless), an outbox's (durable outbox-<service>) published to everyone.
           It leaves the dead letters; if the handler still fails it comes back under a new seq.
           Fix the cause first (deploy the fix, or remove the FAULT_INJECT_FILE line in tests).
  drop     deletes it for good.

Options:
  --durable NAME  only the dead letters of this durable (consumer, or outbox-<service>)
  --all           replay every dead letter (of --durable, if given)
  --json          list as JSON
  -h, --help      this text

Settings: NATS_URL (required: dead letters live in NATS JetStream; the embedded \`npm start\` keeps
its own inside that process), NATS_NAMESPACE (default bw), NATS_TLS, NATS_TLS_CA, as the services'.
Exit codes: 0 done, 1 failure (settings, NATS), 2 bad usage, 3 no such dead letter.`;

const EXIT = { failure: 1, usage: 2, not_found: 3 } as const;

function fail(code: number, message: string): never {
  process.stderr.write(`dlq: ${message}\n`);
  process.exit(code);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      durable: { type: 'string' },
      all: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
} catch (err) {
  fail(EXIT.usage, `${(err as Error).message}\n\n${USAGE}`);
}
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [command, target, ...extra] = parsed.positionals;
const { durable, all, json } = parsed.values;
if (!command || !['list', 'show', 'replay', 'drop'].includes(command)) fail(EXIT.usage, `${command ? `unknown command ${command}` : 'which command?'}\n\n${USAGE}`);
if (extra.length > 0) fail(EXIT.usage, `unexpected argument ${extra[0]}`);
if (durable !== undefined && !/^[A-Za-z0-9_-]+$/.test(durable)) fail(EXIT.usage, `--durable ${durable}: letters, digits, _ and - only`);

function seqOf(arg: string | undefined): number {
  if (arg === undefined) fail(EXIT.usage, `${command} needs the SEQ of a dead letter (see \`npm run dlq -- list\`)`);
  const n = Number(arg);
  if (!/^\d+$/.test(arg) || !Number.isSafeInteger(n) || n < 1) fail(EXIT.usage, `not a dead-letter SEQ: ${arg}`);
  return n;
}

let seq: number | undefined;
if (command === 'list') {
  if (target !== undefined) fail(EXIT.usage, `unexpected argument ${target}`);
} else if (command === 'replay' && all) {
  if (target !== undefined) fail(EXIT.usage, 'replay takes a SEQ or --all, not both');
} else {
  seq = seqOf(target);
  if (durable !== undefined || all) fail(EXIT.usage, `--durable and --all go with list and replay --all`);
}

const ConfigSchema = Type.Object({ ...commonServiceSettings });
let config: ReturnType<typeof parseConfig<typeof ConfigSchema>>;
try {
  config = parseConfig(ConfigSchema, processEnv());
} catch (err) {
  if (err instanceof ConfigError) fail(EXIT.failure, err.message);
  throw err;
}
if (!config.NATS_URL) fail(EXIT.failure, 'NATS_URL is required: dead letters live in NATS JetStream (the embedded `npm start` keeps its own inside that process)');

/** The event inside a dead letter, decoded when it is one of ours (else the raw size). */
function decoded(letter: DeadLetter): unknown {
  try {
    const event = decodeEvent(letter.data);
    const { envelope } = event;
    return {
      envelope: {
        id: envelope.id,
        type: envelope.type,
        occurredAt: envelope.occurredAt ? timestampDate(envelope.occurredAt).toISOString() : null,
        producer: envelope.producer,
        correlationId: envelope.correlationId,
        schemaVersion: envelope.schemaVersion,
      },
      payload: isEventType(event.type) ? toJson(EVENT_TYPES[event.type], event.payload as never) : null,
    };
  } catch (err) {
    return { undecodable: (err as Error).message, bytes: letter.data.length };
  }
}

function summary(letter: DeadLetter) {
  return {
    seq: letter.seq,
    deadAt: letter.deadAt.toISOString(),
    durable: letter.durable,
    origin: letter.origin,
    attempts: letter.deliveryCount,
    type: letter.type,
    id: letter.id,
    correlationId: letter.correlationId ?? null,
    error: letter.error,
  };
}

const line = (l: DeadLetter) => `${String(l.seq).padStart(6)}  ${l.deadAt.toISOString()}  ${l.durable}  x${l.deliveryCount}  ${l.type}  ${l.id}  ${l.error}`;

async function run(bus: EventBus): Promise<void> {
  switch (command) {
    case 'list': {
      const letters = await bus.deadLetters(durable);
      if (json) return console.log(JSON.stringify(letters.map(summary), null, 2));
      if (letters.length === 0) return console.log(`no dead letters${durable ? ` for ${durable}` : ''}`);
      console.log(`   seq  dead at                   durable  attempts  type  id  error`);
      for (const l of letters) console.log(line(l));
      console.log(`${letters.length} dead letter(s)`);
      return;
    }
    case 'show': {
      const letter = await bus.deadLetter(seq!);
      if (!letter) fail(EXIT.not_found, `no dead letter ${seq} (replayed or dropped already?)`);
      const shown = { ...summary(letter), event: decoded(letter) };
      return console.log(JSON.stringify(shown, null, 2));
    }
    case 'replay': {
      const seqs = all ? (await bus.deadLetters(durable)).map((l) => l.seq) : [seq!];
      let replayed = 0;
      for (const s of seqs) {
        if (await bus.replayDeadLetter(s)) {
          replayed += 1;
          console.log(`replayed ${s}`);
        } else if (!all) {
          fail(EXIT.not_found, `no dead letter ${s} (replayed or dropped already?)`);
        }
      }
      console.log(`${replayed} dead letter(s) replayed`);
      return;
    }
    case 'drop': {
      if (!(await bus.dropDeadLetter(seq!))) fail(EXIT.not_found, `no dead letter ${seq} (replayed or dropped already?)`);
      console.log(`dropped ${seq}`);
      return;
    }
  }
}

let bus: EventBus | undefined;
try {
  bus = await createBus(busConfig(config, 'dlq'));
  await run(bus);
} catch (err) {
  fail(EXIT.failure, (err as Error).message);
} finally {
  await bus?.close();
}
