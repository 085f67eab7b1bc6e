import type { AdminPromotion, AdminPromotionDetail, Banner, Category, CompanyCard, CompanyDetail, Country, Lang, Promotion, PromotionDetail, RankedCompany } from '@brokerwise/api-contract';
import type {
  CatalogueBanner,
  CatalogueCategory,
  CatalogueCompany,
  CatalogueCompanyDetail,
  CatalogueCountry,
  CataloguePromotion,
  CataloguePromotionSummary,
  CatalogueText,
} from '../clients/catalogue.client.ts';

const pick = (t: CatalogueText, lang: Lang): string => (lang === 'zh-cn' ? t.zh : t.en);
/** Plain text → its paragraphs (separated by blank lines), trimmed, empty ones dropped. */
export const paragraphsOf = (text: string): string[] => text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
import type { OpaqueIds } from './opaque-id.ts';
import { srcsetOf } from './responsive.ts';

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
      logoSrcset: srcsetOf(this.mediaBase, c.logoKey, 'logo', c.logoSizes),
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
    const [key, sizes] = lang === 'zh-cn' ? [b.imageKeyZh, b.imageSizesZh] : [b.imageKeyEn, b.imageSizesEn];
    return { id: b.id, title: lang === 'zh-cn' ? b.titleZh : b.titleEn, image: `${this.mediaBase}${key}`, srcset: srcsetOf(this.mediaBase, key, 'photo', sizes), link: b.link };
  }

  /** A promotion card: text and company name in the caller's language, always `sponsored`. */
  promotion(p: CataloguePromotionSummary, lang: Lang): Promotion {
    const c = p.company;
    return {
      id: p.slug,
      title: pick(p.title, lang),
      summary: pick(p.summary, lang),
      startsAt: p.startsAt,
      endsAt: p.endsAt,
      status: p.status,
      sponsored: true,
      company: {
        id: c.slug,
        name: lang === 'zh-cn' && c.nameZh ? c.nameZh : c.name,
        logo: c.logoKey ? `${this.mediaBase}${c.logoKey}` : '',
        score: Math.round(c.score * 10) / 10,
        reviewCount: c.reviewCount,
        openAccountUrl: c.openAccountUrl,
      },
      updatedAt: p.updatedAt,
    };
  }

  promotionDetail(p: CataloguePromotion, lang: Lang): PromotionDetail {
    return { ...this.promotion(p, lang), body: paragraphsOf(pick(p.body, lang)), terms: paragraphsOf(pick(p.terms, lang)) };
  }

  /** The admin's view: both languages of every text, the company named in the caller's language. */
  adminPromotion(p: CataloguePromotionSummary, lang: Lang): AdminPromotion {
    return {
      id: p.slug,
      status: p.status,
      company: { id: p.company.slug, name: lang === 'zh-cn' && p.company.nameZh ? p.company.nameZh : p.company.name },
      titleEn: p.title.en,
      titleZh: p.title.zh,
      summaryEn: p.summary.en,
      summaryZh: p.summary.zh,
      startsAt: p.startsAt,
      endsAt: p.endsAt,
      createdBy: p.createdBy,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    };
  }

  adminPromotionDetail(p: CataloguePromotion, lang: Lang): AdminPromotionDetail {
    return { ...this.adminPromotion(p, lang), bodyEn: p.body.en, bodyZh: p.body.zh, termsEn: p.terms.en, termsZh: p.terms.zh };
  }
}
