import { describe, expect, it } from 'vitest';
import { isDemoDoneLine, renderBanner, reportProgress, withoutCredentials, type BannerInput, type DemoCounts } from './startup.ts';

const banner: BannerInput = {
  url: 'http://localhost:3000',
  mailboxUrl: 'http://localhost:3000/dev/mailbox',
  demoAdmin: { email: 'admin@brokerwise.example', password: 'Adm1nPass9' },
  components: [
    { name: 'SQL', what: `PostgreSQL ${withoutCredentials('postgres://root:s3cret@db.internal:5432/bw')}` },
    { name: 'bus', what: 'in-process (embedded)', realWith: 'NATS_URL' },
    { name: 'cache', what: 'in memory (embedded)', realWith: 'REDIS_URL' },
    { name: 'objects', what: 'files in data', realWith: 'S3_*' },
    { name: 'mail', what: 'kept in data/outbox', realWith: 'SMTP_URL' },
    { name: 'MT bridge', what: 'simulator (embedded)', realWith: 'BRIDGE_URL' },
    { name: 'video', what: 'ffmpeg 7.1 (npm build)' },
  ],
  degraded: [{ what: 'no usable ffmpeg/ffprobe: video uploads and the demo videos fail', fix: 'npm install (it ships ffmpeg), or set FFMPEG_PATH and FFPROBE_PATH' }],
  startedInMs: 48_200,
  demo: 'fictional companies, reviews, posts and trader accounts',
  logLevel: 'warn',
  logRequests: false,
};

describe('npm start banner', () => {
  it('fits one terminal screen and says where to go, how to sign in and what is degraded', () => {
    const text = renderBanner(banner);
    const lines = text.split('\n');
    expect(lines.length).toBeLessThanOrEqual(30);
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(120);
    expect(text).toContain('Open        http://localhost:3000');
    expect(text).toContain('http://localhost:3000/dev/mailbox');
    expect(text).toContain('admin@brokerwise.example / Adm1nPass9');
    expect(text).toMatch(/bus\s+in-process \(embedded\)\s+\(NATS_URL\)/);
    expect(text).toContain('! no usable ffmpeg/ffprobe');
    expect(text).toContain('fix: npm install');
    expect(text).toContain('ready in 48 s');
  });

  it('never prints the credentials inside a component URL', () => {
    expect(renderBanner(banner)).not.toContain('s3cret');
    expect(withoutCredentials('redis://:pw@cache:6379')).toBe('redis://cache:6379');
    expect(withoutCredentials('nats://user:pw@bus:4222/')).toBe('nats://bus:4222');
    expect(withoutCredentials('not a url')).not.toContain('not a url');
  });

  it('says nothing is degraded when nothing is', () => {
    expect(renderBanner({ ...banner, degraded: [] })).toContain('Nothing degraded.');
  });
});

describe('demo data progress', () => {
  const counts = (videosReady: number, posts = 10): DemoCounts => ({ companies: 248, indexed: 248, posts, postsWanted: 10, videosReady, videosFailed: 0, videosWanted: 6 });

  it('prints a line on change, at most one per interval, and the last one always', async () => {
    // A clock that only moves when the reporter sleeps: no wall-clock time in the test.
    let now = 0;
    const reads = [counts(0, 4), counts(0, 4), counts(1), counts(2), counts(2), counts(3), counts(6)];
    const printed: string[] = [];
    const result = await reportProgress({
      read: async () => reads.shift(),
      print: (l) => printed.push(l),
      everyMs: 2500,
      pollMs: 1000,
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
    });
    expect(result?.videosReady).toBe(6);
    // t=0 first line; t=1,2 within the interval or unchanged; t=3 (videos 2) after 2.5 s; t=4,5 inside; t=6 done.
    expect(printed).toEqual([
      'Preparing demo data: companies 248, search index 248/248, posts 4/10, videos 0/6',
      'Preparing demo data: companies 248, search index 248/248, posts 10/10, videos 2/6',
      'Preparing demo data: companies 248, search index 248/248, posts 10/10, videos 6/6. Done.',
    ]);
    // What the test runner waits for before Lighthouse: only the last line.
    expect(printed.map(isDemoDoneLine)).toEqual([false, false, true]);
  });

  it('names failed videos and gives up after its time limit', async () => {
    let now = 0;
    const printed: string[] = [];
    const stuck = { ...counts(4), videosFailed: 1 };
    const result = await reportProgress({ read: async () => stuck, print: (l) => printed.push(l), giveUpMs: 10_000, now: () => now, sleep: async (ms) => void (now += ms) });
    expect(result).toEqual(stuck);
    expect(printed).toEqual(['Preparing demo data: companies 248, search index 248/248, posts 10/10, videos 4/6, 1 failed']);
    expect(now).toBe(10_000);
  });
});
