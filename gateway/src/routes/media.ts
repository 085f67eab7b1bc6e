import type { FastifyInstance } from 'fastify';
import type { ObjectStore } from '@brokerwise/storage';

const SAFE_TYPES = /^(image\/(png|jpeg|webp|gif|svg\+xml)|video\/mp4)$/;

/**
 * Public media (logos, banners, avatars, video) from the object store. In production a CDN in
 * front of the bucket takes this traffic; the route keeps the embedded mode self-contained.
 */
export async function mediaRoutes(app: FastifyInstance, deps: { objects: ObjectStore }): Promise<void> {
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const key = request.params['*'];
    if (!/^[a-z0-9][a-z0-9/_.-]{0,300}$/i.test(key) || key.includes('..')) return reply.status(404).send();
    const found = await deps.objects.getStream(key);
    if (!found || !SAFE_TYPES.test(found.info.contentType)) return reply.status(404).send();
    return reply
      .header('content-type', found.info.contentType)
      .header('content-length', String(found.info.size))
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      // An uploaded SVG must never run script in our origin.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:")
      .send(found.stream);
  });
}
