/**
 * `npm run openapi [-- --check]`: writes the OpenAPI 3.1 description of /api, generated from
 * @brokerwise/api-contract, to docs/api/openapi.json (committed; gateway/test/openapi.test.ts fails when it is stale).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openApiJson } from '@brokerwise/api-contract/openapi';

const USAGE = `Usage: npm run openapi [-- --check]

Regenerates docs/api/openapi.json (OpenAPI 3.1) from the schemas and operations table of
packages/api-contract. Run it after changing either; the gateway serves the same document at
GET /api/openapi.json.

Options:
  --check      only compare: exit 1 if the committed file is stale
  -h, --help   this text`;

const { values } = parseArgs({ options: { check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const OPENAPI_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/api/openapi.json');
const json = openApiJson();
if (values.check) {
  const current = (() => {
    try {
      return readFileSync(OPENAPI_FILE, 'utf8');
    } catch {
      return '';
    }
  })();
  if (current !== json) {
    console.error(`${path.relative(process.cwd(), OPENAPI_FILE)} is stale: run npm run openapi`);
    process.exit(1);
  }
  console.log(`${path.relative(process.cwd(), OPENAPI_FILE)} is up to date`);
} else {
  mkdirSync(path.dirname(OPENAPI_FILE), { recursive: true });
  writeFileSync(OPENAPI_FILE, json);
  console.log(`wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`);
}
