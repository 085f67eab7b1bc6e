import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseVariantKey, type ObjectInfo, type ObjectStore } from '@brokerwise/storage';
import { OWN_CSP } from '../http/security-headers.ts';

// HLS (ADR 032): playlists, and fragmented-MP4 init and media segments stored as video/mp4.
const SAFE_TYPES = /^(image\/(png|jpeg|webp|avif|gif|svg\+xml)|video\/mp4|application\/vnd\.apple\.mpegurl)$/;
/** The open-data export (scripts/open-data.ts --publish): text served as data, never rendered (nosniff, CSP none). */
const OPEN_DATA_TYPES = /^(text\/csv|text\/plain|application\/json|application\/x-ndjson)(; charset=utf-8)?$/;
/** Licence register evidence: PDFs too (downloaded, never rendered in our origin). */
const isEvidencePdf = (key: string, contentType: string) => key.startsWith('licence-evidence/') && contentType === 'application/pdf';
const servable = (key: string, contentType: string) =>
  SAFE_TYPES.test(contentType) || (key.startsWith('open-data/') && OPEN_DATA_TYPES.test(contentType)) || isEvidencePdf(key, contentType);

/** Keys with a generated name (a UUID or a content hash segment) never change: cache them for good. */
const GENERATED = /(^|\/)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32,64})(\/|\.|$)/i;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=86400';

export type RangeRequest = { start: number; end?: number } | { suffix: number } | 'none' | 'invalid';

/**
 * Reads a `Range` header. One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; anything else that
 * is not bytes, or several ranges, is ignored (answered with the whole object, RFC 9110 §14.2);
 * a malformed bytes range is `invalid` (416).
 */
export function parseRange(header: string | undefined): RangeRequest {
  if (!header) return 'none';
  const m = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!m) return 'none';
  const spec = m[1]!.trim();
  if (spec.includes(',')) return 'none';
  const r = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
  if (!r || (r[1] === '' && r[2] === '')) return 'invalid';
  if (r[1] === '') return { suffix: Number(r[2]) };
  const start = Number(r[1]);
  if (r[2] === '') return { start };
  const end = Number(r[2]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return 'invalid';
  return { start, end };
}

function common(reply: FastifyReply, key: string, info: ObjectInfo): FastifyReply {
  if (isEvidencePdf(key, info.contentType)) void reply.header('content-disposition', `attachment; filename="${key.slice(key.lastIndexOf('/') + 1)}"`);
  return reply
    .header('content-type', info.contentType)
    .header('accept-ranges', 'bytes')
    .header('cache-control', GENERATED.test(key) ? IMMUTABLE : SHORT)
    .header('x-content-type-options', 'nosniff')
    // An uploaded SVG must never run script in our origin.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:")
    .header('cross-origin-resource-policy', 'same-site');
}

/**
 * A responsive variant not made yet (ADR 033: made after the upload, off the request path):
 * its original instead, revalidated each time so the variant replaces it once it exists.
 */
async function originalForVariant(objects: ObjectStore, key: string, reply: FastifyReply): Promise<FastifyReply> {
  const variant = parseVariantKey(key);
  const found = variant && (await objects.getStream(variant.originalKey));
  if (!found || !servable(variant.originalKey, found.info.contentType)) return reply.status(404).send();
  return common(reply, variant.originalKey, found.info).header('cache-control', 'no-cache').header('content-length', String(found.info.size)).send(found.stream);
}

const unsatisfiable = (reply: FastifyReply, size: number) =>
  reply.status(416).header('content-range', `bytes */${size}`).header('accept-ranges', 'bytes').header('cache-control', 'no-store').send();

/**
 * Public media (logos, banners, avatars, post images, video) from the object store, with HTTP
 * Range requests so a <video> can seek: `Range: bytes=a-b` → 206 + Content-Range, past the end
 * → 416 with the size. Generated (UUID or hash) names are cached as immutable. In production a
 * CDN in front of the bucket takes this traffic; the route keeps the embedded mode self-contained.
 */
export async function mediaRoutes(app: FastifyInstance, deps: { objects: ObjectStore }): Promise<void> {
  // Images and video are compressed already, and Range answers must count the stored bytes.
  app.get<{ Params: { '*': string } }>('/media/*', { ...OWN_CSP, compress: false }, async (request, reply) => {
    const key = request.params['*'];
    // `removed/`: files of posts a moderator hid, kept for an appeal, never public (media's HIDDEN_PREFIX).
    // `complaint-evidence/`: private to a case's author, the company and moderators (/api/complaints/evidence).
    if (!/^[a-z0-9][a-z0-9/_.-]{0,300}$/i.test(key) || key.includes('..') || key.startsWith('removed/') || key.startsWith('complaint-evidence/')) return reply.status(404).send();
    const header = request.headers.range;
    const range = parseRange(Array.isArray(header) ? header[0] : header);

    if (range === 'none') {
      const found = await deps.objects.getStream(key);
      if (!found) return originalForVariant(deps.objects, key, reply);
      if (!servable(key, found.info.contentType)) return reply.status(404).send();
      return common(reply, key, found.info).header('content-length', String(found.info.size)).send(found.stream);
    }

    let wanted: { start: number; end?: number };
    if (range === 'invalid' || 'suffix' in range) {
      // The size is needed first (416 names it; a suffix counts back from it).
      const info = await deps.objects.head(key);
      if (!info || !servable(key, info.contentType)) return reply.status(404).send();
      if (range === 'invalid' || range.suffix === 0 || info.size === 0) return unsatisfiable(reply, info.size);
      wanted = { start: Math.max(0, info.size - range.suffix) };
    } else {
      wanted = range;
    }
    let found;
    try {
      found = await deps.objects.getRange(key, wanted);
    } catch (err) {
      if ((err as { code?: unknown }).code === 'STORAGE_RANGE_NOT_SATISFIABLE') return unsatisfiable(reply, (err as { size: number }).size);
      throw err;
    }
    if (!found) return reply.status(404).send();
    if (!servable(key, found.info.contentType)) {
      (found.stream as unknown as { destroy(): void }).destroy();
      return reply.status(404).send();
    }
    const { start, end } = found.range;
    return common(reply, key, found.info)
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${found.info.size}`)
      .header('content-length', String(end - start + 1))
      .send(found.stream);
  });
}
