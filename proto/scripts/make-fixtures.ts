/**
 * Writes the golden fixtures test/fixtures/<event type>.bin from test/golden.ts.
 *
 *   npm run fixtures -w proto            # write fixtures that do not exist yet (new event types)
 *   npm run fixtures -w proto -- --force # rewrite ALL fixtures — only when a fixture is known to be
 *                                        # wrong; it erases the evidence the golden test relies on
 *
 * Existing fixtures are left alone by default: they are the bytes old producers wrote, and the
 * point of the golden test is that today's code still decodes them.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EVENT_TYPES, encodeEvent } from '../src/index.ts';
import type { EventType } from '../src/index.ts';
import { FIXTURES_DIR, GOLDEN, fixtureUrl } from '../test/golden.ts';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('Usage: npm run fixtures -w proto [-- --force]\n  Writes the golden fixtures of new event types; --force rewrites all (erases the evidence the golden test relies on).');
  process.exit(0);
}

const force = process.argv.includes('--force');
mkdirSync(FIXTURES_DIR, { recursive: true });

for (const type of Object.keys(EVENT_TYPES) as EventType[]) {
  const file = fixtureUrl(type);
  const path = fileURLToPath(file);
  if (existsSync(file) && !force) {
    console.log(`kept    ${path}`);
    continue;
  }
  const golden = GOLDEN[type];
  // encodeEvent's generic ties payload to type; iterating the union loses that link, hence `never`.
  const { bytes } = encodeEvent(type, golden.payload as never, golden.meta);
  writeFileSync(file, bytes);
  console.log(`wrote   ${path} (${bytes.length} bytes)`);
}
