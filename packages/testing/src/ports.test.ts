import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { candidateRange, ephemeralRange, freePort } from './ports.ts';

describe('freePort', () => {
  it('reads the ephemeral range, and falls back to the IANA one', () => {
    expect(ephemeralRange(() => '32768\t60999\n')).toEqual([32768, 60999]);
    expect(ephemeralRange(() => 'nonsense')).toEqual([49152, 65535]);
    expect(
      ephemeralRange(() => {
        throw new Error('ENOENT');
      }),
    ).toEqual([49152, 65535]);
  });

  it('looks outside the ephemeral range, where the kernel never gives a port to an outgoing connection', () => {
    expect(candidateRange([32768, 60999])).toEqual([10000, 32767]);
    expect(candidateRange([1024, 20000])).toEqual([20001, 65535]);
    expect(candidateRange([10000, 65000])).toBeNull(); // no room: the kernel's choice
  });

  it('hands out distinct ports that can be listened on, outside the ephemeral range', async () => {
    const [low, high] = ephemeralRange();
    const ports = await Promise.all(Array.from({ length: 30 }, () => freePort()));
    expect(new Set(ports).size).toBe(30);
    if (candidateRange([low, high])) for (const p of ports) expect(p < low || p > high, `port ${p}`).toBe(true);
    const srv = createServer();
    await new Promise<void>((resolve, reject) => srv.once('error', reject).listen(ports[0], '127.0.0.1', resolve));
    await new Promise((resolve) => srv.close(resolve));
  });
});
