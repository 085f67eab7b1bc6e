import type { Kysely, Transaction } from '@brokerwise/sql';
import { applyRemoval, upsertDocument, type CompanyDocument } from '../store/company.store.ts';
import type { SearchTables } from '../store/types.ts';
import { foldLatin, hanText, hasHan, segmentZh } from './text.ts';

/** A company as the catalogue announced it (decoded from `catalogue.company.upserted`). */
export interface CompanyFacts {
  id: string;
  slug: string;
  name: string;
  /** The catalogue sends the Chinese name as the first alias; see `factsFromEvent` in the handler. */
  nameZh: string;
  aliases: string[];
  category: string;
  countryCode: string;
  descriptionEn: string;
  descriptionZh: string;
  score: number;
  regulated: boolean;
  founded: number | null;
  logoUrl: string;
  version: number;
  updatedAt: Date;
}

const unique = (items: string[]): string[] => [...new Set(items.filter((s) => s !== ''))];

/** The searchable document of a company: folded Latin text, segmented Chinese, tsvector sources. */
export function buildDocument(f: CompanyFacts): CompanyDocument {
  const nameLatin = foldLatin(f.name);
  const slugWords = foldLatin(f.slug.replace(/-/g, ' '));
  const aliasesLatin = unique(f.aliases.map(foldLatin));
  const aliasesZh = unique(f.aliases.filter(hasHan).map(hanText)).filter((a) => a !== f.nameZh);
  const nameZhWords = f.nameZh ? [f.nameZh, ...segmentZh(f.nameZh)] : [];
  return {
    id: f.id,
    slug: f.slug,
    name: f.name,
    name_zh: f.nameZh,
    aliases: f.aliases,
    category: f.category,
    country_code: f.countryCode,
    description_en: f.descriptionEn,
    description_zh: f.descriptionZh,
    score: f.score,
    regulated: f.regulated,
    founded: f.founded,
    logo_url: f.logoUrl,
    version: f.version,
    updated_at: f.updatedAt,
    name_latin: nameLatin,
    aliases_latin: aliasesLatin,
    search_latin: unique([nameLatin, ...aliasesLatin, slugWords]).join(' '),
    search_zh: unique([f.nameZh, ...aliasesZh, ...segmentZh(f.descriptionZh)]).join(' '),
    tsvNames: unique([nameLatin, slugWords, ...nameZhWords]).join(' '),
    tsvAliases: unique([...aliasesLatin, ...aliasesZh.flatMap((a) => [a, ...segmentZh(a)])]).join(' '),
    tsvDescription: [foldLatin(f.descriptionEn), ...segmentZh(f.descriptionZh)].join(' '),
  };
}

/** Applies an upsert unless the read model already holds this version or a later one (or a later removal). */
export async function indexCompany(db: Kysely<SearchTables> | Transaction<SearchTables>, facts: CompanyFacts): Promise<'applied' | 'stale'> {
  return (await upsertDocument(db, buildDocument(facts))) ? 'applied' : 'stale';
}

/** Removes a company whose stored version is not newer than the removal, and remembers the removal. */
export async function removeCompany(db: Kysely<SearchTables> | Transaction<SearchTables>, removal: { id: string; version: number }): Promise<void> {
  await applyRemoval(db, removal);
}
