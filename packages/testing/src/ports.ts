import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Ports for servers started next (the topology's processes, a test's stack, Lighthouse's site).
 *
 * Not from the kernel's ephemeral range: a port picked there (listen on 0, close, hand out) can be
 * taken, before its server listens, as the local port of an outgoing connection — and the topology
 * opens hundreds (PostgreSQL pools, NATS, Redis, S3) while it starts its processes one by one. It
 * happened in CI: identity's metrics port became a client connection's and identity could never
 * start. Below (or above) that range the kernel never hands a port to a connection, so a port that
 * is free now stays free until something listens on it. Ports handed out by this process are not
 * handed out again.
 */
const handedOut = new Set<number>();

/** The kernel's ephemeral range (Linux: /proc/sys/net/ipv4/ip_local_port_range); elsewhere the IANA default. */
export function ephemeralRange(read: () => string = () => readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')): [number, number] {
  try {
    const [low, high] = read().trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high) && low! >= 1 && high! <= 65_535 && low! <= high!) return [low!, high!];
  } catch {
    // Not Linux, or not readable: fall through.
  }
  return [49_152, 65_535];
}

/** Where to look for ports: the larger stretch outside the ephemeral range and the well-known ports (< 10000). */
export function candidateRange([low, high]: [number, number]): [number, number] | null {
  const below: [number, number] = [10_000, low - 1];
  const above: [number, number] = [high + 1, 65_535];
  const size = ([a, b]: [number, number]) => b - a + 1;
  const best = size(below) >= size(above) ? below : above;
  return size(best) >= 1_000 ? best : null;
}

function listensOn(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(null));
    srv.listen(port, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/** A TCP port nobody listens on right now (on 127.0.0.1), outside the ephemeral range where there is room. */
export async function freePort(): Promise<number> {
  const range = candidateRange(ephemeralRange());
  if (range) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = range[0] + Math.floor(Math.random() * (range[1] - range[0] + 1));
      if (handedOut.has(port)) continue;
      handedOut.add(port); // before the check: a concurrent call must not pick it meanwhile
      if ((await listensOn(port)) === port) return port;
      handedOut.delete(port);
    }
  }
  // No room outside the ephemeral range (or every try was taken): the kernel's choice.
  for (;;) {
    const port = await listensOn(0);
    if (port === null) throw new Error('no free port');
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}
