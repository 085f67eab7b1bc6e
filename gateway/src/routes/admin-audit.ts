import type { FastifyInstance } from 'fastify';
import { operations, type Validated } from '@brokerwise/api-contract';
import type { AuditArea, MergedAuditEntry, MergedAuditPage } from '@brokerwise/api-contract';
import type { CatalogueClient } from '../clients/catalogue.client.ts';
import type { IdentityClient } from '../clients/identity.client.ts';
import type { ReviewsClient } from '../clients/reviews.client.ts';
import { hasRole } from '@brokerwise/service-kit';
import { requireRole } from '../http/admin-guard.ts';
import { contractSchema } from '../http/contract-schema.ts';
import { now } from '../http/envelope.ts';
import type { Sessions } from '../http/session.ts';
import { message } from '../i18n/messages.ts';

export interface AdminAuditDeps {
  identity: IdentityClient;
  catalogue: CatalogueClient;
  reviews: ReviewsClient;
  sessions: Sessions;
}

const PAGE_SIZE = 20;
const AREAS: readonly AuditArea[] = ['identity', 'catalogue', 'content'];
// page-identityOffset-catalogueOffset-contentOffset: where each log's next entry is.
const CURSOR = /^(\d{1,6})-(\d{1,8})-(\d{1,8})-(\d{1,8})$/;

/** An entry before names are known: actor and identity targets are user ids. */
type Raw = Omit<MergedAuditEntry, 'actor'> & { actorId: string };
type Source = (page: number, limit: number) => Promise<{ items: Raw[]; total: number }>;

/** Only what changed, for company snapshots (the full document is long). */
function changed(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  if (!before || !after) return { before, after };
  const keys = Object.keys({ ...before, ...after }).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/**
 * GET /api/admin/audit/all: the three append-only logs (identity's admin audit, the catalogue's
 * company audit, the reviews service's moderation log) as one view, newest first. Each service
 * keeps its own log and pages it; the gateway merges one window of each. The cursor carries each
 * log's offset, so a page is exact however the entries interleave. Companies are for admins only.
 */
export async function adminAuditRoutes(app: FastifyInstance, deps: AdminAuditDeps): Promise<void> {
  const { identity, catalogue, reviews } = deps;
  const requireModerator = requireRole(deps.sessions, identity, 'moderator');

  const sources = (actor: string | undefined, rid: string): Record<AuditArea, Source> => ({
    identity: async (page, limit) => {
      const r = await identity.audit({ actorId: actor, page, limit }, rid);
      return {
        total: r.total,
        items: r.items.map((a) => ({
          id: a.id,
          area: 'identity',
          at: a.at,
          actorId: a.actorId,
          action: a.action,
          target: { kind: 'user', id: a.targetUserId, label: '' },
          reason: a.reason,
          rule: '',
          before: a.before,
          after: a.after,
        })),
      };
    },
    catalogue: async (page, limit) => {
      const r = await catalogue.companyAudit({ actorId: actor, page, limit }, rid);
      return {
        total: r.total,
        items: r.items.map((a) => {
          const doc = (a.after ?? a.before ?? {}) as {
            slug?: string;
            name?: string;
          };
          return {
            id: a.id,
            area: 'catalogue',
            at: a.at,
            actorId: a.actorId,
            action: a.action,
            target: {
              kind: 'company',
              id: doc.slug ?? a.companyId,
              label: doc.name ?? '',
            },
            reason: a.reason,
            rule: '',
            ...changed(a.before, a.after),
          };
        }),
      };
    },
    content: async (page, limit) => {
      const r = await reviews.auditLog({ actor, page, limit }, rid);
      return {
        total: r.total,
        items: r.items.map((a) => ({
          id: a.id,
          area: 'content',
          at: a.at,
          actorId: a.moderatorId,
          action: a.action,
          target: { kind: a.targetKind, id: a.targetId, label: '' },
          reason: a.reason,
          rule: a.rule,
          before: a.before,
          after: a.after,
        })),
      };
    },
  });

  /** Entries [offset, offset + limit) of one log, from at most two of its pages. */
  const window = async (source: Source, offset: number, limit: number) => {
    const first = Math.floor(offset / limit) + 1;
    const skip = offset % limit;
    const a = await source(first, limit);
    const b = skip > 0 && offset + limit < a.total ? await source(first + 1, limit) : { items: [] };
    return {
      items: [...a.items, ...b.items].slice(skip, skip + limit),
      total: a.total,
    };
  };

  app.get<{ Querystring: Validated<typeof operations.adminAuditAll.query> }>('/api/admin/audit/all', { schema: contractSchema('adminAuditAll') }, async (request, reply) => {
    const me = await requireModerator(request);
    const q = request.query;
    const allowed = AREAS.filter((a) => a !== 'catalogue' || hasRole(me.role, 'admin'));
    const areas = q.area ? allowed.filter((a) => a === q.area) : allowed;
    const m = q.cursor ? CURSOR.exec(q.cursor) : null;
    const page = m ? Number(m[1]) : 1;
    const offsets: Record<AuditArea, number> = {
      identity: Number(m?.[2] ?? 0),
      catalogue: Number(m?.[3] ?? 0),
      content: Number(m?.[4] ?? 0),
    };
    const from = sources(q.actor?.toLowerCase(), request.id);
    const windows = await Promise.all(
      areas.map(async (area) => ({
        area,
        ...(await window(from[area], offsets[area], PAGE_SIZE)),
      })),
    );

    // Newest first; equal instants by area, then in the log's own order, so what is taken of each
    // log is always its first entries and pages never overlap or skip.
    const merged = windows
      .flatMap((w) => w.items.map((e, i) => ({ e, i })))
      .sort((x, y) => y.e.at.localeCompare(x.e.at) || AREAS.indexOf(x.e.area) - AREAS.indexOf(y.e.area) || x.i - y.i)
      .slice(0, PAGE_SIZE)
      .map(({ e }) => e);
    // Within one log the order is the service's own, so taking n entries of a log takes its first n.
    for (const e of merged) offsets[e.area] += 1;
    const total = windows.reduce((n, w) => n + w.total, 0);
    const more = windows.some((w) => offsets[w.area] < w.total);

    const ids = [...new Set(merged.flatMap((e) => [e.actorId, ...(e.area === 'identity' ? [e.target.id] : [])]))];
    const cards = ids.length > 0 ? (await identity.userCards(ids, request.id)).items : [];
    const names = new Map(cards.map((c) => [c.id, c.username]));
    const list: MergedAuditEntry[] = merged.map(({ actorId, ...e }) => ({
      ...e,
      actor: { id: actorId, username: names.get(actorId) ?? '' },
      target: e.area === 'identity' ? { ...e.target, label: names.get(e.target.id) ?? '' } : e.target,
    }));
    const data: MergedAuditPage = {
      list,
      total,
      page,
      limit: PAGE_SIZE,
      next: more ? `${page + 1}-${offsets.identity}-${offsets.catalogue}-${offsets.content}` : null,
      areas: allowed,
    };
    return reply.header('cache-control', 'no-store').send({ code: 1, msg: message('ok', request.lang), time: now(), data });
  });
}
