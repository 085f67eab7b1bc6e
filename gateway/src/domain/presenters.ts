import type { Banner, Category, CompanyCard, CompanyDetail, Country, Lang, RankedCompany } from '../contract.ts';
import type { CatalogueBanner, CatalogueCategory, CatalogueCompany, CatalogueCompanyDetail, CatalogueCountry, CatalogueText } from '../clients/catalogue.client.ts';

const pick = (t: CatalogueText, lang: Lang): string => (lang === 'zh-cn' ? t.zh : t.en);
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

  /** Spec §3 "Company": every field, text in the caller's language. */
  detail(c: CatalogueCompanyDetail, lang: Lang, categories: Map<string, CatalogueCategory>): CompanyDetail {
    return {
      ...this.company(c, lang, categories),
      nameEn: c.name,
      nameZh: c.nameZh,
      aliases: c.aliases,
      about: c.about ? pick(c.about, lang) : '',
      services: c.services.map((t) => pick(t, lang)),
      assetTypes: c.assetTypes.map((t) => pick(t, lang)),
      platforms: c.platforms.map((t) => pick(t, lang)),
      maxLeverage: c.maxLeverage,
      licences: c.licences.map((l) => ({
        regulator: l.regulator,
        regulatorCountry: lang === 'zh-cn' ? l.regulatorCountry.nameZh : l.regulatorCountry.nameEn,
        licenceNo: l.licenceNo,
        entity: l.entity,
        status: l.status,
        registerUrl: l.registerUrl,
      })),
      paymentMethods: c.paymentMethods.map((t) => pick(t, lang)),
      contact: { website: c.contact.website ?? c.website, email: c.contact.email, phone: c.contact.phone, address: c.contact.address ? pick(c.contact.address, lang) : null },
      currencies: c.currencies,
      openAccountUrl: c.openAccountUrl,
      updatedAt: c.updatedAt,
    };
  }

  /** A ranking entry: `rank` is the absolute position (page 2 of 20 starts at 21). */
  ranked(c: CatalogueCompany, rank: number, lang: Lang, categories: Map<string, CatalogueCategory>): RankedCompany {
    return { rank, ...this.company(c, lang, categories) };
  }

  banner(b: CatalogueBanner, lang: Lang): Banner {
    return { id: b.id, title: lang === 'zh-cn' ? b.titleZh : b.titleEn, image: `${this.mediaBase}${lang === 'zh-cn' ? b.imageKeyZh : b.imageKeyEn}`, link: b.link };
  }
}
