import { randomBytes } from 'node:crypto';
import { operations, type Validated } from '@brokerwise/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Cache } from '@brokerwise/cache';
import { isAppError } from '@brokerwise/errors';
import type { CatalogueClient, CataloguePromotion, CataloguePromotionSave } from '../clients/catalogue.client.ts';
import type { IdentityClient } from '../clients/identity.client.ts';
import type { AdminPromotion, AdminPromotionDetail, Page, Promotion, PromotionDetail } from '@brokerwise/api-contract';
import type { Presenters } from '../domain/presenters.ts';
import { JsonCache, sendOkJson } from '../http/cached.ts';
import { contractSchema, dataSerializer } from '../http/contract-schema.ts';
import { now } from '../http/envelope.ts';
import type { CacheInvalidator } from '../http/invalidation.ts';
import type { Sessions } from '../http/session.ts';
import { message } from '../i18n/messages.ts';
import { requireRole } from '../http/admin-guard.ts';

export interface PromotionsDeps {
  catalogue: CatalogueClient;
  identity: IdentityClient;
  sessions: Sessions;
  cache: Cache;
  invalidator?: CacheInvalidator | undefined;
  presenters: Presenters;
  ttlSeconds: number;
}

/** Public list page size (a grid of 3 × 4). */
export const PROMOTION_PAGE_SIZE = 12;
const ADMIN_PAGE_SIZE = 20;

/**
 * A new promotion's public id: company and English title, made URL-safe, plus a short random
 * tail so two promotions with the same title never collide.
 */
export function newPromotionSlug(company: string, titleEn: string): string {
  const words = `${company} ${titleEn}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  let head = words.slice(0, 70);
  if (words.length > 70 && head.includes('-')) head = head.slice(0, head.lastIndexOf('-'));
  const tail = randomBytes(3).readUIntBE(0, 3).toString(36).padStart(4, '0').slice(-4);
  return `${head.replace(/-+$/, '') || 'promotion'}-${tail}`;
}

const sendAdmin = <T>(request: FastifyRequest, reply: FastifyReply, code: string, data: T) =>
  reply.header('cache-control', 'no-store').send({ code: 1, msg: message(code, request.lang), time: now(), data });

/** Public catalogue answers may sit in browser and CDN caches briefly (as /api/brokers/*). */
function publicCache(reply: FastifyReply, seconds: number, hit: boolean): void {
  void reply.header('cache-control', `public, max-age=${seconds}, stale-while-revalidate=${seconds * 2}`).header('x-cache', hit ? 'HIT' : 'MISS').header('vary', 'lang, accept-language');
}

/**
 * /api/promotion/* (public, cached under `gw:cat:` so catalogue events drop them) and
 * /api/admin/promotions* (admins only; a write drops the public catalogue cache at once).
 */
export async function promotionRoutes(app: FastifyInstance, deps: PromotionsDeps): Promise<void> {
  const { catalogue, presenters, ttlSeconds } = deps;
  const jsonCache = new JsonCache(deps.cache);
  deps.invalidator?.onInvalidate(() => jsonCache.clearLocal());
  const requireAdmin = requireRole(deps.sessions, deps.identity, 'admin');

  /** After an admin write: the shared `gw:cat:` keys and this process's copies (answers, pages). */
  const dropPublicCache = async (request: FastifyRequest) => {
    try {
      if (deps.invalidator) await deps.invalidator.flush();
      else {
        jsonCache.clearLocal();
        await deps.cache.delPrefix('gw:cat:');
      }
    } catch (err) {
      // The write happened; stale public copies expire with their TTL.
      request.log.warn({ err }, 'promotion cache invalidation failed');
    }
  };

  app.get<{ Querystring: Validated<typeof operations.promotions.query> }>('/api/promotion/list', { schema: contractSchema('promotions') }, async (request, reply) => {
    const { page } = request.query;
    const limit = PROMOTION_PAGE_SIZE;
    const { json, hit } = await jsonCache.get(`gw:cat:promo:list:${request.lang}:${page}`, ttlSeconds, async () => {
      const r = await catalogue.promotions({ page, limit }, request.id);
      const data: Page<Promotion> = { list: r.items.map((p) => presenters.promotion(p, request.lang)), total: r.total, page, limit };
      return data;
    }, dataSerializer('promotions'));
    publicCache(reply, ttlSeconds, hit);
    return sendOkJson(request, reply, json);
  });

  app.get<{ Querystring: Validated<typeof operations.promotionDetail.query> }>('/api/promotion/detail', { schema: contractSchema('promotionDetail') }, async (request, reply) => {
    const slug = request.query.id;
    const { json, hit } = await jsonCache.get(`gw:cat:promo:detail:${request.lang}:${slug}`, ttlSeconds, async () => {
      const data: PromotionDetail = presenters.promotionDetail(await catalogue.promotion(slug, false, request.id), request.lang);
      return data;
    }, dataSerializer('promotionDetail'));
    publicCache(reply, ttlSeconds, hit);
    return sendOkJson(request, reply, json);
  });

  app.get<{ Querystring: Validated<typeof operations.adminPromotions.query> }>('/api/admin/promotions', { schema: contractSchema('adminPromotions') }, async (request, reply) => {
    await requireAdmin(request);
    const { page } = request.query;
    const r = await catalogue.allPromotions(page, ADMIN_PAGE_SIZE, request.id);
    const data: Page<AdminPromotion> = { list: r.items.map((p) => presenters.adminPromotion(p, request.lang)), total: r.total, page, limit: ADMIN_PAGE_SIZE };
    return sendAdmin(request, reply, 'ok', data);
  });

  app.get<{ Querystring: Validated<typeof operations.adminPromotionDetail.query> }>('/api/admin/promotions/detail', { schema: contractSchema('adminPromotionDetail') }, async (request, reply) => {
    await requireAdmin(request);
    const data: AdminPromotionDetail = presenters.adminPromotionDetail(await catalogue.promotion(request.query.id, true, request.id), request.lang);
    return sendAdmin(request, reply, 'ok', data);
  });

  app.post<{ Body: Validated<typeof operations.adminPromotionSave.body> }>('/api/admin/promotions/save', { schema: contractSchema('adminPromotionSave') }, async (request, reply) => {
    const me = await requireAdmin(request);
    const { id, ...b } = request.body;
    const fields: Omit<CataloguePromotionSave, 'mode'> = {
      company: b.company.trim(),
      titleEn: b.titleEn,
      titleZh: b.titleZh,
      summaryEn: b.summaryEn,
      summaryZh: b.summaryZh,
      bodyEn: b.bodyEn,
      bodyZh: b.bodyZh,
      termsEn: b.termsEn ?? '',
      termsZh: b.termsZh ?? '',
      startsAt: b.startsAt,
      endsAt: b.endsAt?.trim() ? b.endsAt : null,
      createdBy: me.id,
    };
    let saved: CataloguePromotion;
    if (id) {
      saved = await catalogue.savePromotion(id, { ...fields, mode: 'update' }, request.id);
    } else {
      const create = () => catalogue.savePromotion(newPromotionSlug(fields.company, fields.titleEn), { ...fields, mode: 'create' }, request.id);
      // A taken slug (the random tail collided): once more with another tail.
      saved = await create().catch((err: unknown) => {
        if (isAppError(err) && err.code === 'catalogue.promotion_exists') return create();
        throw err;
      });
    }
    await dropPublicCache(request);
    const data: AdminPromotionDetail = presenters.adminPromotionDetail(saved, request.lang);
    return sendAdmin(request, reply, 'admin.promotion_saved', data);
  });

  app.post<{ Body: Validated<typeof operations.adminPromotionDelete.body> }>('/api/admin/promotions/delete', { schema: contractSchema('adminPromotionDelete') }, async (request, reply) => {
    await requireAdmin(request);
    await catalogue.deletePromotion(request.body.id, request.id);
    await dropPublicCache(request);
    return sendAdmin(request, reply, 'admin.promotion_deleted', { id: request.body.id });
  });
}
