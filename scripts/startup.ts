/**
 * What `npm start` (and `npm run dev`) tell a person: one banner that fits a terminal screen
 * (where to go, how to sign in, what runs embedded or real, what is degraded and how to fix it)
 * and a progress line while the demo data is prepared. Plain text on stdout; the services' own
 * logs stay one-line and quiet (see @brokerwise/logger).
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export interface Component {
  /** sql, bus, cache, objects, mail, video. */
  name: string;
  /** What runs, without credentials: "PGlite (embedded)", "PostgreSQL 10.0.0.5:5432/bw". */
  what: string;
  /** The setting that swaps the embedded component for a real one (absent when already real). */
  realWith?: string;
}

export interface Degraded {
  what: string;
  fix: string;
}

export interface BannerInput {
  url: string;
  /** The dev mailbox's address when mail stays on this machine. */
  mailboxUrl?: string;
  demoAdmin?: { email: string; password: string };
  components: Component[];
  degraded: Degraded[];
  startedInMs: number;
  /** Where demo data comes from ("demo catalogue" or "DEMO_SEED=false: no demo data"). */
  demo: string;
  logLevel: string;
  logRequests: boolean;
  /** `npm run dev`: what reloads on change. */
  dev?: string;
}

/** A URL with its user name and password removed, for printing. */
export function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return '(unreadable URL)';
  }
}

const pad = (label: string) => `  ${label.padEnd(12)}`;

/** At most ~20 lines of 100 columns: the first screen a newcomer sees. */
export function renderBanner(b: BannerInput): string {
  const lines = [
    '',
    `Brokerwise is ready in ${Math.round(b.startedInMs / 1000)} s.`,
    '',
    `${pad('Open')}${b.url}`,
  ];
  if (b.mailboxUrl) lines.push(`${pad('Dev mailbox')}${b.mailboxUrl}  (sign-up codes and newsletters land here)`);
  if (b.demoAdmin) lines.push(`${pad('Demo admin')}${b.demoAdmin.email} / ${b.demoAdmin.password}  (new password each start unless DEMO_ADMIN_PASSWORD)`);
  lines.push(`${pad('Accounts')}sign up with any address; the code arrives in the ${b.mailboxUrl ? 'dev mailbox' : 'mail'}`);
  lines.push(`${pad('Demo data')}${b.demo}`);
  if (b.dev) lines.push(`${pad('Reloading')}${b.dev}`);
  lines.push('', '  Components');
  for (const c of b.components) lines.push(`${pad(`  ${c.name}`)}${c.what}${c.realWith ? `  (${c.realWith})` : ''}`);
  lines.push('');
  if (b.degraded.length === 0) lines.push('  Nothing degraded.');
  else {
    lines.push('  Degraded');
    for (const d of b.degraded) lines.push(`    ! ${d.what}`, `      fix: ${d.fix}`);
  }
  lines.push(
    '',
    `  Logs: ${b.logLevel} and above, one line each${b.logRequests ? ', every request' : '; LOG_LEVEL=info for more, LOG_REQUESTS=true for each request'}. Ctrl-C stops.`,
    '',
  );
  return lines.join('\n');
}

export interface DemoCounts {
  companies: number;
  /** Companies the search index holds. */
  indexed: number;
  posts: number;
  postsWanted: number;
  videosReady: number;
  videosFailed: number;
  videosWanted: number;
}

export const demoDone = (c: DemoCounts): boolean =>
  c.indexed >= c.companies && c.posts >= c.postsWanted && c.videosReady + c.videosFailed >= c.videosWanted;

export function renderProgress(c: DemoCounts): string {
  const failed = c.videosFailed > 0 ? `, ${c.videosFailed} failed` : '';
  return `Preparing demo data: companies ${c.companies}, search index ${c.indexed}/${c.companies}, posts ${c.posts}/${c.postsWanted}, videos ${c.videosReady}/${c.videosWanted}${failed}`;
}

/**
 * Whether a line of `npm start`'s output is the last progress line ("…. Done."): the demo data is
 * all in (companies indexed, posts made, videos transcoded), so no background work is left. The
 * test runner waits for it before Lighthouse measures the pages.
 */
export const isDemoDoneLine = (line: string): boolean => line.startsWith('Preparing demo data:') && line.endsWith('. Done.');

/**
 * Reads a started site's output line by line (handing each to `echo`, which keeps going after the
 * answer): true at the "Done." line, false when the output ends without one.
 */
export function demoDoneIn(output: Readable, echo?: (line: string) => void): Promise<boolean> {
  const lines = createInterface({ input: output, crlfDelay: Infinity });
  return new Promise((resolve) => {
    lines.on('line', (line) => {
      echo?.(line);
      if (isDemoDoneLine(line)) resolve(true);
    });
    lines.once('close', () => resolve(false));
  });
}

/**
 * Polls `read` and prints a progress line when the counts change, at most one every
 * `everyMs` (the last one always), until everything is in or `giveUpMs` passes.
 */
export async function reportProgress(opts: {
  read: () => Promise<DemoCounts | undefined>;
  print: (line: string) => void;
  everyMs?: number;
  pollMs?: number;
  giveUpMs?: number;
  stopped?: () => boolean;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}): Promise<DemoCounts | undefined> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref()));
  const now = opts.now ?? Date.now;
  const end = now() + (opts.giveUpMs ?? 15 * 60_000);
  let printed = '';
  let printedAt = -Infinity;
  let last: DemoCounts | undefined;
  while (!opts.stopped?.()) {
    const counts = await opts.read().catch(() => undefined);
    if (counts) {
      last = counts;
      const line = renderProgress(counts);
      const done = demoDone(counts);
      if (line !== printed && (done || now() - printedAt >= (opts.everyMs ?? 5000))) {
        opts.print(done ? `${line}. Done.` : line);
        printed = line;
        printedAt = now();
      }
      if (done) return counts;
    }
    if (now() >= end) return last;
    await sleep(opts.pollMs ?? 1000);
  }
  return last;
}
