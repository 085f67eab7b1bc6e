/**
 * `npm run import -- <file.csv|file.json> [--dry-run]`: validates every row of a company file and,
 * when all are good, upserts them by slug in one transaction (see
 * services/catalogue/src/domain/import-companies.ts for the columns and fields).
 *
 * Uses the catalogue's DATABASE_URL (or its embedded PGlite under DATA_DIR: stop `npm start`
 * first). Applies pending catalogue migrations first. The `catalogue.company.upserted` events wait
 * in the outbox until the catalogue's relay publishes them (at once when it is running).
 * Exit codes: 0 imported (or dry run passed), 1 bad input (every problem listed), 2 usage.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, processEnv, exitWithUsageOnHelp } from '@brokerwise/config';
import { MigrationError, openDatabase, runMigrations, type Kysely } from '@brokerwise/sql';
import { migrations } from '../services/catalogue/migrations/index.ts';
import { parseCatalogueConfig } from '../services/catalogue/src/config.ts';
import { describeProblem, importCompanies, type ImportFormat } from '../services/catalogue/src/domain/import-companies.ts';
import type { CatalogueTables } from '../services/catalogue/src/store/types.ts';

exitWithUsageOnHelp(`Usage: npm run import -- <file.csv|file.json> [--dry-run]
  Validates every row and, when all are good, upserts the companies by slug in one transaction.
  Exit codes: 0 imported (or dry run passed), 1 bad input (every problem listed), 2 usage.`);

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const files = args.filter((a) => !a.startsWith('--'));
const unknownFlags = args.filter((a) => a.startsWith('--') && a !== '--dry-run');
const file = files[0];
const format: ImportFormat | undefined = file?.toLowerCase().endsWith('.csv') ? 'csv' : file?.toLowerCase().endsWith('.json') ? 'json' : undefined;

if (!file || !format || files.length > 1 || unknownFlags.length > 0) {
  console.log('Usage: npm run import -- <file.csv|file.json> [--dry-run]');
  process.exit(2);
}

let text: string;
try {
  text = await readFile(file, 'utf8');
} catch (err) {
  process.stderr.write(`Cannot read ${file}: ${(err as Error).message}\n`);
  process.exit(1);
}

let exitCode = 0;
try {
  const config = parseCatalogueConfig(processEnv());
  const database = await openDatabase<CatalogueTables>({ schema: 'catalogue', url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite', 'catalogue') });
  try {
    await runMigrations(database, migrations);
    const result = await importCompanies(database.db as Kysely<CatalogueTables>, { text, format }, {
      dryRun,
      correlationId: `import:${path.basename(file)}`,
      mediaUrl: (key) => `${config.MEDIA_BASE_URL}${key}`,
    });
    if (!result.ok) {
      process.stderr.write(`${file}: ${result.problems.length} problem(s), nothing imported:\n${result.problems.map((p) => `  ${describeProblem(p)}`).join('\n')}\n`);
      exitCode = 1;
    } else {
      const verb = result.dryRun ? 'would import' : 'imported';
      console.log(`${file}: ${verb} ${result.created.length + result.updated.length} companies (${result.created.length} new, ${result.updated.length} updated)${result.dryRun ? ' — dry run, nothing written' : ''}`);
    }
  } finally {
    await database.close();
  }
} catch (err) {
  if (err instanceof ConfigError || err instanceof MigrationError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
// Explicit: the embedded database's shutdown must not decide the exit code.
process.exit(exitCode);
