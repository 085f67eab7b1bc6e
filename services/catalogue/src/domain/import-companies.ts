import { randomUUID } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { enqueueEvent } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { Type, type Static } from 'typebox';
import Value from 'typebox/value';
import { companyAnnounced } from '../events/publish.ts';
import { findCompanyBySlug, upsertCompany } from '../store/company.store.ts';
import { listCountries } from '../store/reference.store.ts';
import type { CatalogueTables } from '../store/types.ts';
import { BilingualText, EmailString, LicenceDoc, PhoneString } from './company-details.ts';

/**
 * Bulk import of companies from a CSV or JSON file: every row is validated, every problem is
 * reported with where it is (CSV line, JSON index), and nothing is written unless all rows are
 * good. Then all rows are upserted by slug in ONE transaction, each queueing
 * `catalogue.company.upserted` in the outbox (published by the catalogue's relay after commit).
 */

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
const Url = Type.String({ maxLength: 300, pattern: '^https?://[^\\s]+$' });
const Pairs = Type.Array(BilingualText, { maxItems: 50 });

/** One company as the import expects it (JSON items have exactly this shape). */
export const ImportRow = Type.Object(
  {
    slug: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,80}$' }),
    name: Text(120),
    nameZh: Text(120),
    category: Type.Union([Type.Literal('Brokers'), Type.Literal('FinTech'), Type.Literal('Lp'), Type.Literal('Pay')]),
    countryCode: Type.String({ pattern: '^[A-Z]{2}$' }),
    descriptionEn: Text(500),
    descriptionZh: Text(500),
    score: Type.Number({ minimum: 0, maximum: 5 }),
    // Optional: omitted fields keep their stored value when the company already exists.
    reviewCount: Type.Optional(Type.Integer({ minimum: 0 })),
    founded: Type.Optional(Type.Integer({ minimum: 1800, maximum: 2100 })),
    regulated: Type.Optional(Type.Boolean()),
    aliases: Type.Optional(Type.Array(Text(120), { maxItems: 30 })),
    website: Type.Optional(Url),
    logoKey: Type.Optional(Type.String({ maxLength: 300 })),
    about: Type.Optional(BilingualText),
    services: Type.Optional(Pairs),
    assetTypes: Type.Optional(Pairs),
    platforms: Type.Optional(Pairs),
    paymentMethods: Type.Optional(Pairs),
    maxLeverage: Type.Optional(Type.String({ pattern: '^1:[0-9]{1,4}$' })),
    licences: Type.Optional(Type.Array(LicenceDoc, { maxItems: 20 })),
    currencies: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Z]{3,4}$' }), { maxItems: 40 })),
    email: Type.Optional(EmailString),
    phone: Type.Optional(PhoneString),
    address: Type.Optional(BilingualText),
    openAccountUrl: Type.Optional(Url),
  },
  { additionalProperties: false },
);
export type ImportRow = Static<typeof ImportRow>;

export type ImportFormat = 'csv' | 'json';

/** Where a problem is: a CSV line (1 = header) or a JSON array index (0-based); neither for the whole file. */
export interface ImportProblem {
  line?: number;
  index?: number;
  field?: string;
  message: string;
}

export const describeProblem = (p: ImportProblem): string =>
  `${p.line !== undefined ? `line ${p.line}` : p.index !== undefined ? `item [${p.index}]` : 'file'}${p.field ? ` ${p.field}` : ''}: ${p.message}`;

export type ImportResult =
  | { ok: false; problems: ImportProblem[] }
  | { ok: true; dryRun: boolean; created: string[]; updated: string[] };

interface RawRecord {
  where: { line: number } | { index: number };
  value: Record<string, unknown>;
  problems: ImportProblem[];
}

// ---------------------------------------------------------------------------------------------
// CSV: one column per scalar field; bilingual text as <field>En/<field>Zh; lists separated by '|'
// (bilingual lists as two columns with the same number of items); licences as a JSON cell.

const CSV_SCALARS = ['slug', 'name', 'nameZh', 'category', 'countryCode', 'descriptionEn', 'descriptionZh', 'website', 'logoKey', 'maxLeverage', 'email', 'phone', 'openAccountUrl'];
const CSV_NUMBERS = ['score', 'reviewCount', 'founded'];
const CSV_PAIRS = ['about', 'address'];
const CSV_PAIR_LISTS = ['services', 'assetTypes', 'platforms', 'paymentMethods'];
const CSV_LISTS = ['aliases', 'currencies'];
export const CSV_COLUMNS: readonly string[] = [
  ...CSV_SCALARS,
  ...CSV_NUMBERS,
  'regulated',
  ...CSV_PAIRS.flatMap((f) => [`${f}En`, `${f}Zh`]),
  ...CSV_PAIR_LISTS.flatMap((f) => [`${f}En`, `${f}Zh`]),
  ...CSV_LISTS,
  'licences',
];
const REQUIRED_COLUMNS = ['slug', 'name', 'nameZh', 'category', 'countryCode', 'descriptionEn', 'descriptionZh', 'score'];

const splitList = (cell: string): string[] => cell.split('|').map((s) => s.trim()).filter((s) => s !== '');

function csvRecord(cells: Record<string, string>, line: number): RawRecord {
  const value: Record<string, unknown> = {};
  const problems: ImportProblem[] = [];
  const has = (k: string) => (cells[k] ?? '') !== '';
  for (const k of CSV_SCALARS) if (has(k)) value[k] = cells[k];
  for (const k of CSV_NUMBERS) if (has(k)) value[k] = /^-?\d+(\.\d+)?$/.test(cells[k]!) ? Number(cells[k]) : cells[k];
  if (has('regulated')) {
    const v = cells.regulated!.toLowerCase();
    value.regulated = ['true', 'yes', '1'].includes(v) ? true : ['false', 'no', '0'].includes(v) ? false : cells.regulated;
  }
  for (const f of CSV_PAIRS) {
    const [en, zh] = [cells[`${f}En`] ?? '', cells[`${f}Zh`] ?? ''];
    if (en || zh) value[f] = { en, zh };
  }
  for (const f of CSV_PAIR_LISTS) {
    const en = splitList(cells[`${f}En`] ?? '');
    const zh = splitList(cells[`${f}Zh`] ?? '');
    if (en.length !== zh.length) {
      problems.push({ line, field: `${f}Zh`, message: `must list as many items as ${f}En (${en.length}), found ${zh.length}` });
    } else if (en.length > 0) {
      value[f] = en.map((e, i) => ({ en: e, zh: zh[i] }));
    }
  }
  for (const f of CSV_LISTS) if (has(f)) value[f] = splitList(cells[f]!);
  if (has('licences')) {
    try {
      value.licences = JSON.parse(cells.licences!) as unknown;
    } catch {
      problems.push({ line, field: 'licences', message: 'must be a JSON array of licences' });
    }
  }
  return { where: { line }, value, problems };
}

function parseCsvFile(text: string): { records: RawRecord[]; problems: ImportProblem[] } {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parseCsv(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const e = err as { lines?: number; message?: string };
    return { records: [], problems: [{ ...(e.lines !== undefined ? { line: e.lines } : {}), message: `not valid CSV: ${e.message ?? String(err)}` }] };
  }
  const [head, ...body] = rows;
  if (!head) return { records: [], problems: [{ message: 'the file is empty' }] };
  const header = head.record;
  const problems: ImportProblem[] = [];
  const unknown = header.filter((h) => !CSV_COLUMNS.includes(h));
  if (unknown.length > 0) problems.push({ line: head.info.lines, message: `unknown column(s) ${unknown.join(', ')}; known: ${CSV_COLUMNS.join(', ')}` });
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) problems.push({ line: head.info.lines, message: `missing column(s) ${missing.join(', ')}` });
  if (problems.length > 0) return { records: [], problems };
  const records = body.map(({ record, info }) => {
    // info.lines is where the record ends; quoted cells may span lines.
    const line = info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    if (record.length !== header.length) {
      return { where: { line }, value: {}, problems: [{ line, message: `has ${record.length} cells, the header has ${header.length}` }] };
    }
    return csvRecord(Object.fromEntries(header.map((h, i) => [h, record[i] ?? ''])), line);
  });
  if (records.length === 0) problems.push({ message: 'the file has no rows' });
  return { records, problems };
}

function parseJsonFile(text: string): { records: RawRecord[]; problems: ImportProblem[] } {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    return { records: [], problems: [{ message: `not valid JSON: ${(err as Error).message}` }] };
  }
  if (!Array.isArray(data)) return { records: [], problems: [{ message: 'must be a JSON array of companies' }] };
  if (data.length === 0) return { records: [], problems: [{ message: 'the file has no rows' }] };
  return {
    records: data.map((item: unknown, index) =>
      typeof item === 'object' && item !== null && !Array.isArray(item)
        ? { where: { index }, value: item as Record<string, unknown>, problems: [] }
        : { where: { index }, value: {}, problems: [{ index, message: 'must be an object' }] },
    ),
    problems: [],
  };
}

export function parseImportFile(text: string, format: ImportFormat): { records: RawRecord[]; problems: ImportProblem[] } {
  return format === 'csv' ? parseCsvFile(text) : parseJsonFile(text);
}

// ---------------------------------------------------------------------------------------------
// Validation

/** Clearer words than "must be equal to constant" for the enumerations. */
const ENUM_MESSAGES: [RegExp, string][] = [
  [/^category$/, 'must be one of Brokers, FinTech, Lp, Pay'],
  [/^licences\.\d+\.status$/, 'must be one of regulated, offshore, revoked, exceeded, suspended, expired'],
];

function schemaProblems(r: RawRecord): ImportProblem[] {
  const seen = new Set<string>();
  const out: ImportProblem[] = [];
  for (const e of Value.Errors(ImportRow, r.value)) {
    const required = (e.params as { requiredProperties?: string[] }).requiredProperties;
    const additional = (e.params as { additionalProperties?: string[] }).additionalProperties;
    const base = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const fields = required?.length ? required.map((p) => (base ? `${base}.${p}` : p)) : additional?.length ? additional.map((p) => (base ? `${base}.${p}` : p)) : [base];
    const message = required?.length ? 'is required' : additional?.length ? 'is not a known field' : (ENUM_MESSAGES.find(([re]) => re.test(base))?.[1] ?? e.message);
    for (const field of fields) {
      const key = `${field}:${message}`;
      // Unions report once per branch; one message per field is enough.
      if (seen.has(field) || seen.has(key)) continue;
      seen.add(field);
      seen.add(key);
      out.push({ ...r.where, ...(field ? { field } : {}), message });
    }
  }
  return out;
}

/** Every problem of every row: schema, known countries (company and regulators), duplicate slugs. */
export async function validateImport(db: Kysely<CatalogueTables>, records: RawRecord[]): Promise<{ rows: ImportRow[]; problems: ImportProblem[] }> {
  const countries = new Set((await listCountries(db, false)).map((c) => c.code));
  const firstSeen = new Map<string, RawRecord['where']>();
  const problems: ImportProblem[] = [];
  const rows: ImportRow[] = [];
  for (const r of records) {
    const own = [...r.problems, ...schemaProblems(r)];
    const v = r.value;
    if (typeof v.countryCode === 'string' && /^[A-Z]{2}$/.test(v.countryCode) && !countries.has(v.countryCode)) {
      own.push({ ...r.where, field: 'countryCode', message: `unknown country ${v.countryCode}` });
    }
    if (Array.isArray(v.licences)) {
      v.licences.forEach((l: unknown, i) => {
        const code = (l as { regulatorCountry?: unknown } | null)?.regulatorCountry;
        if (typeof code === 'string' && /^[A-Z]{2}$/.test(code) && !countries.has(code)) own.push({ ...r.where, field: `licences.${i}.regulatorCountry`, message: `unknown country ${code}` });
      });
    }
    if (typeof v.slug === 'string') {
      const earlier = firstSeen.get(v.slug);
      if (earlier) own.push({ ...r.where, field: 'slug', message: `duplicates ${'line' in earlier ? `line ${earlier.line}` : `item [${earlier.index}]`}` });
      else firstSeen.set(v.slug, r.where);
    }
    if (own.length > 0) problems.push(...own);
    else rows.push(r.value as ImportRow);
  }
  return { rows, problems };
}

// ---------------------------------------------------------------------------------------------
// The use case

const DETAIL_FIELDS = ['about', 'services', 'assetTypes', 'platforms', 'paymentMethods', 'maxLeverage', 'licences', 'currencies', 'openAccountUrl'] as const;

/**
 * Parses, validates and (unless `dryRun`) imports a file's companies. Any problem: nothing is
 * written and every problem is returned. Otherwise one transaction upserts every row by slug.
 */
export async function importCompanies(
  db: Kysely<CatalogueTables>,
  file: { text: string; format: ImportFormat },
  opts: { dryRun: boolean; correlationId?: string | undefined; mediaUrl: (key: string) => string },
): Promise<ImportResult> {
  const parsed = parseImportFile(file.text, file.format);
  if (parsed.problems.length > 0) return { ok: false, problems: parsed.problems };
  const { rows, problems } = await validateImport(db, parsed.records);
  if (problems.length > 0) return { ok: false, problems };

  const run = async (trx: Kysely<CatalogueTables>) => {
    const created: string[] = [];
    const updated: string[] = [];
    for (const r of rows) {
      const existing = await findCompanyBySlug(trx, r.slug);
      (existing ? updated : created).push(r.slug);
      if (opts.dryRun) continue;
      const oldDetails: Record<string, unknown> = existing && typeof existing.details === 'object' && existing.details !== null ? { ...existing.details } : {};
      const oldContact = typeof oldDetails.contact === 'object' && oldDetails.contact !== null ? (oldDetails.contact as Record<string, unknown>) : {};
      const details: Record<string, unknown> = { ...oldDetails };
      for (const k of DETAIL_FIELDS) if (r[k] !== undefined) details[k] = r[k];
      const website = r.website ?? existing?.website ?? null;
      details.contact = {
        ...oldContact,
        website,
        ...(r.email !== undefined ? { email: r.email } : {}),
        ...(r.phone !== undefined ? { phone: r.phone } : {}),
        ...(r.address !== undefined ? { address: r.address } : {}),
      };
      const row = await upsertCompany(trx, {
        id: existing?.id ?? randomUUID(),
        slug: r.slug,
        name: r.name,
        nameZh: r.nameZh,
        category: r.category,
        countryCode: r.countryCode,
        descriptionEn: r.descriptionEn,
        descriptionZh: r.descriptionZh,
        logoKey: r.logoKey ?? existing?.logo_key ?? null,
        score: r.score,
        reviewCount: r.reviewCount ?? existing?.review_count ?? 0,
        founded: r.founded ?? existing?.founded ?? null,
        regulated: r.regulated ?? existing?.regulated ?? (r.licences?.some((l) => l.status === 'regulated') ?? false),
        aliases: r.aliases ?? existing?.aliases ?? [r.nameZh],
        website,
        details,
      });
      await enqueueEvent(trx, companyAnnounced(row, opts.mediaUrl, opts.correlationId));
    }
    return { created, updated };
  };
  const { created, updated } = opts.dryRun ? await run(db) : await db.transaction().execute(run);
  return { ok: true, dryRun: opts.dryRun, created, updated };
}
