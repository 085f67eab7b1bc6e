import type { ColumnType } from '@brokerwise/sql';
import type { KitTables } from '@brokerwise/service-kit';

export interface SearchTables extends KitTables {
  company: {
    id: string;
    slug: string;
    name: string;
    name_zh: string;
    aliases: string[];
    category: string;
    country_code: string;
    description_en: string;
    description_zh: string;
    score: number;
    regulated: boolean;
    founded: number | null;
    logo_url: string;
    version: number;
    updated_at: ColumnType<Date, Date | string, Date | string>;
    name_latin: string;
    aliases_latin: string[];
    search_latin: string;
    search_zh: string;
    /** Written with raw SQL (`to_tsvector`); never read. */
    search_doc: ColumnType<string, never, never>;
    /** Generated from `search_zh` (migration 20261210T0926): its characters and character pairs. */
    search_zh_grams: ColumnType<string[], never, never>;
  };
  company_tombstone: { id: string; version: number };
}
