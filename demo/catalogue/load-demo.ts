import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { isAppError } from '@brokerwise/errors';
import type { Kysely } from '@brokerwise/sql';
import type { ObjectStore } from '@brokerwise/storage';
import { makeResponsiveVariants } from '@brokerwise/storage/images';
import sharp from 'sharp';
import type { CompanyDetails } from '../../services/catalogue/src/domain/company-details.ts';
import { findCompanies, saveCompany } from '../../services/catalogue/src/domain/companies.ts';
import { processLogo } from '../../services/catalogue/src/domain/logo.ts';
import { savePromotion } from '../../services/catalogue/src/domain/promotions.ts';
import { saveReferenceData } from '../../services/catalogue/src/domain/reference.ts';
import type { CatalogueSeedContext } from '../../services/catalogue/src/main.ts';
import type { CatalogueTables } from '../../services/catalogue/src/store/types.ts';
import { escapeXml, monogram, monogramFontSize, renderBannerSvg, renderLogoSvg } from './art.ts';
import { demoBanners, demoCategories, demoCompanies, demoCountries, demoTermsZh, type DemoCompany } from './demo-data.ts';
import { demoPromotions } from './demo-promotions.ts';

/** A stable UUID from a name, so re-seeding a fresh database gives the same ids (links keep working). */
export function stableUuid(name: string): string {
  const h = createHash('sha256').update(`brokerwise-demo:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const bannerKey = (id: string, lang: 'en' | 'zh') => `banners/${id}-${lang}.jpg`;
/** The 128-unit monogram drawn at 320 px: the largest logo size (ADR 033) is cut from it, never enlarged. */
const LOGO_PX = 320;
/**
 * The initials' face comes from npm (dejavu-fonts-ttf), not the machine: a fresh machine has no
 * fonts, and the initials drawn through its fontconfig came out as empty boxes. Demo names are
 * Latin (DejaVu has no Han; a Han monogram would need a CJK face here).
 */
const LOGO_FONT_FILE = fileURLToPath(import.meta.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));

/** A demo company's monogram as the PNG an editor would upload: the square, then the initials in DejaVu Sans Bold. */
export async function drawLogo(c: Pick<DemoCompany, 'name' | 'brandColor'>): Promise<Buffer> {
  const square = await sharp(Buffer.from(renderLogoSvg(c.name, c.brandColor, { withInitials: false })), { density: 72 * (LOGO_PX / 128) }).png().toBuffer();
  const initials = monogram(c.name);
  const size = Math.round(monogramFontSize(initials) * (LOGO_PX / 128)); // points at 72 dpi, so pixels
  const text = await sharp({ text: { text: `<span foreground="#ffffff">${escapeXml(initials)}</span>`, font: `DejaVu Sans Bold ${size}`, fontfile: LOGO_FONT_FILE, rgba: true } }).png().toBuffer();
  return sharp(square).composite([{ input: text, gravity: 'centre' }]).png().toBuffer();
}

const term = (en: string) => ({ en, zh: demoTermsZh[en] ?? en });

/** The stored details document of a demo company: every spec §3 field, text as bilingual pairs. */
export function demoDetails(c: DemoCompany): CompanyDetails {
  return {
    about: c.about,
    services: c.services,
    assetTypes: c.assetTypes.map(term),
    platforms: c.platforms.map(term),
    paymentMethods: c.paymentMethods.map(term),
    maxLeverage: c.maxLeverage,
    licences: c.licences,
    contact: c.contact,
    currencies: c.currencies,
    openAccountUrl: c.openAccountUrl,
  };
}

/**
 * Loads the fictional demo catalogue through the catalogue's domain functions. Companies go
 * through the outbox like any other change, so consumers (search, reviews…) build their read
 * models from events.
 */
export async function loadDemoData(opts: {
  db: Kysely<CatalogueTables>;
  objects: ObjectStore;
  mediaUrl: (key: string) => string;
  onlyIfEmpty: boolean;
}): Promise<{ companies: number } | null> {
  const { db, objects } = opts;
  if (opts.onlyIfEmpty && (await findCompanies(db, { page: 1, limit: 1 })).total > 0) return null;
  const companies = demoCompanies();
  // Pictures first: a company row never points at a missing logo. Each is uploaded as an admin
  // would (a PNG through the console's check, processLogo); the rows' jobs then make its AVIF and
  // WebP sizes in the background (ADR 033). Not SVG: a browser builds a document for every SVG
  // picture and rasterises it on the main thread, which on a slow phone cost the home page's list
  // of logos more blocking time than anything else it loads (docs/performance.md).
  const logoKeys = new Map<string, string>();
  const uploadLogo = async (c: DemoCompany) => {
    const logo = await processLogo(await drawLogo(c));
    await objects.put(logo.key, logo.bytes, logo.contentType);
    logoKeys.set(c.slug, logo.key);
  };
  // A few at a time: sharp works on libuv's threads, so the cores share the drawing.
  for (let i = 0; i < companies.length; i += 8) await Promise.all(companies.slice(i, i + 8).map(uploadLogo));
  // Banners as an editor would upload them (a 1200 × 400 JPEG), with the AVIF and WebP sizes
  // every uploaded picture gets (ADR 033): the home page's largest paint is one of them. Made
  // here, before the rows, so the first home page has them; the rows' jobs (saveReferenceData)
  // find them made and record their real pixels, which the srcset then says.
  for (const b of demoBanners) {
    for (const [lang, locale] of [['en', 'en'], ['zh', 'zh-CN']] as const) {
      const key = bannerKey(b.id, lang);
      const jpeg = await sharp(Buffer.from(renderBannerSvg(b, locale))).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
      await objects.put(key, jpeg, 'image/jpeg');
      await makeResponsiveVariants(objects, key, 'photo', { body: jpeg });
    }
  }
  await saveReferenceData(db, {
    categories: demoCategories.map((c) => ({ slug: c.slug, name_en: c.nameEn, name_zh: c.nameZh, sort: c.sort })),
    countries: demoCountries.map((c) => ({ code: c.code, name_en: c.nameEn, name_zh: c.nameZh, popular: c.popular, sort: c.sort })),
    banners: demoBanners.map((b) => ({
      id: stableUuid(`banner:${b.id}`),
      title_en: b.titleEn,
      title_zh: b.titleZh,
      image_key_en: bannerKey(b.id, 'en'),
      image_key_zh: bannerKey(b.id, 'zh'),
      link: b.link,
      sort: b.sort,
      active: true,
    })),
  });
  for (const c of companies) {
    await saveCompany(
      db,
      {
        id: stableUuid(`company:${c.slug}`),
        slug: c.slug,
        name: c.name,
        nameZh: c.nameZh,
        category: c.category,
        countryCode: c.countryCode,
        descriptionEn: c.description.en,
        descriptionZh: c.description.zh,
        logoKey: logoKeys.get(c.slug)!,
        score: c.score,
        reviewCount: c.reviewCount,
        founded: c.founded,
        regulated: c.regulated,
        aliases: c.aliases,
        website: c.website,
        details: { ...demoDetails(c) },
      },
      { correlationId: 'demo-seed', mediaUrl: opts.mediaUrl },
    );
  }
  return { companies: companies.length };
}

const DAY_MS = 86_400_000;

/**
 * Adds the demo promotions that are missing (by slug) for the demo companies present; never
 * changes one that exists, so an admin's edits and deletions survive restarts. Dates are relative
 * to `now` at the first load. Returns how many were added.
 */
export async function loadDemoPromotions(opts: { db: Kysely<CatalogueTables>; now?: Date }): Promise<number> {
  const now = (opts.now ?? new Date()).getTime();
  // Whole minutes: the seeded times read naturally in the admin form.
  const at = (days: number) => new Date(Math.floor((now + days * DAY_MS) / 60_000) * 60_000).toISOString();
  let added = 0;
  for (const p of demoPromotions) {
    try {
      await savePromotion(opts.db, {
        slug: p.slug,
        mode: 'create',
        createdBy: 'demo-seed',
        promotion: {
          company: p.company,
          titleEn: p.title.en,
          titleZh: p.title.zh,
          summaryEn: p.summary.en,
          summaryZh: p.summary.zh,
          bodyEn: p.body.en,
          bodyZh: p.body.zh,
          termsEn: p.terms.en,
          termsZh: p.terms.zh,
          startsAt: at(p.startsInDays),
          endsAt: p.endsInDays === null ? null : at(p.endsInDays),
        },
      });
      added += 1;
    } catch (err) {
      // Kept (an admin may have edited or deleted it), or its company is not in this catalogue.
      if (isAppError(err) && (err.code === 'catalogue.promotion_exists' || err.fields?.company === 'unknown')) continue;
      throw err;
    }
  }
  return added;
}

/** The catalogue's demo seed (`startCatalogue(config, { seed })`): companies when it has none, then any missing promotions. */
export async function seedCatalogue(ctx: CatalogueSeedContext): Promise<void> {
  const seeded = await loadDemoData({ ...ctx, onlyIfEmpty: true });
  if (seeded) ctx.log.info({ companies: seeded.companies }, 'demo data loaded');
  // Separately: a catalogue seeded before promotions existed gets them too.
  const promotions = await loadDemoPromotions({ db: ctx.db });
  if (promotions > 0) ctx.log.info({ promotions }, 'demo promotions loaded');
}
