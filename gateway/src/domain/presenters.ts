import type { Banner, Category, CompanyCard, Country, Lang } from '../contract.ts';
import type { CatalogueBanner, CatalogueCategory, CatalogueCompany, CatalogueCountry } from '../clients/catalogue.client.ts';
import type { OpaqueIds } from './opaque-id.ts';

/** Maps internal DTOs to the public contract in the caller's language. */
export class Presenters {
  private readonly ids: OpaqueIds;
  private readonly mediaBase: string;
  private countryNames = new Map<string, CatalogueCountry>();

  constructor(ids: OpaqueIds, mediaBase: string) {
    this.ids = ids;
    this.mediaBase = mediaBase;
  }

  /** Country names come from the catalogue's list; the cache keeps it fresh (see routes). */
  rememberCountries(list: CatalogueCountry[]): void {
    this.countryNames = new Map(list.map((c) => [c.code, c]));
  }

  country(c: CatalogueCountry): Country {
    return { id: this.ids.encode('country', c.code), code: c.code, name: c.nameZh, Eglish: c.nameEn };
  }

  countryByCode(code: string): Country {
    const c = this.countryNames.get(code) ?? { code, nameEn: code, nameZh: code, popular: false };
    return this.country(c);
  }

  category(c: CatalogueCategory, lang: Lang): Category {
    return { id: c.slug, slug: c.slug, name: lang === 'zh-cn' ? c.nameZh : c.nameEn, companyCount: c.companyCount };
  }

  company(c: CatalogueCompany, lang: Lang, categories: Map<string, CatalogueCategory>): CompanyCard {
    const cat = categories.get(c.category);
    return {
      id: c.slug,
      name: lang === 'zh-cn' && c.nameZh ? c.nameZh : c.name,
      logo: c.logoKey ? `${this.mediaBase}${c.logoKey}` : '',
      category: { slug: c.category, name: cat ? (lang === 'zh-cn' ? cat.nameZh : cat.nameEn) : c.category },
      country: this.countryByCode(c.countryCode),
      description: lang === 'zh-cn' ? c.description.zh : c.description.en,
      score: Math.round(c.score * 10) / 10,
      reviewCount: c.reviewCount,
      founded: c.founded,
      regulated: c.regulated,
    };
  }

  banner(b: CatalogueBanner, lang: Lang): Banner {
    return { id: b.id, title: lang === 'zh-cn' ? b.titleZh : b.titleEn, image: `${this.mediaBase}${lang === 'zh-cn' ? b.imageKeyZh : b.imageKeyEn}`, link: b.link };
  }
}
