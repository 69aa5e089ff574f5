import type { FastifyInstance } from 'fastify';
import type { LinkPreviewResource } from '@swell/cache-protocol';
import { cacheDb } from '../cache/tables.ts';
import type { ServerContext } from '../context.ts';
import { FetchRefused } from '../net/fetch-guard.ts';
import { checkPublicTarget } from '../net/outbound.ts';
import { SlotsFull } from '../net/slots.ts';
import { applyCors } from './cors.ts';
import { mayFetchPrivate } from '../net/private-fetch.ts';
import { fetchLinkPreview } from './link-preview-fetch.ts';

const OK_TTL = 7 * 86400;
const FAIL_TTL = 3600;

/** The answer of GET /link-preview (spec section 7 and the reference's field names). */
function answer(r: LinkPreviewResource) {
  return {
    url: r.url,
    title: r.md_title ?? '',
    description: r.md_description ?? '',
    image: r.md_image ?? '',
    icon_url: r.icon_url ?? '',
    mimetype: r.mimetype ?? '',
  };
}

/** The `u` of an endpoint that fetches on a client's behalf: an http(s) URL of at most 2000 characters. */
export function fetchParam(u: unknown): string | undefined {
  return typeof u === 'string' && u.length <= 2000 && /^https?:\/\//i.test(u) ? u : undefined;
}

/**
 * `GET /link-preview?u=<url>`: OpenGraph metadata and favicon of a page, fetched server-side with
 * a timeout and a size cap, cached in the database (which also feeds 10000128 in feeds). Every
 * fetch goes through the fetch guard: no loopback or private address for anyone, unless
 * SWELL_ALLOW_PRIVATE_FETCH says so, and even then never for a page on a foreign origin
 * (`mayFetchPrivate`). CORS follows SWELL_ALLOWED_ORIGINS.
 */
export function registerLinkPreview(app: FastifyInstance, ctx: ServerContext): void {
  const inflight = new Map<string, Promise<LinkPreviewResource>>();
  app.get<{ Querystring: { u?: string } }>('/link-preview', async (req, reply) => {
    applyCors(ctx, req, reply);
    const u = fetchParam(req.query.u);
    if (!u) return reply.code(400).send({ error: 'u must be an http(s) URL' });
    const privateOk = mayFetchPrivate(ctx, req.headers);
    try {
      await checkPublicTarget(ctx.outbound, u, privateOk);
    } catch (err) {
      if (err instanceof FetchRefused) return reply.code(400).send({ error: err.message });
      return reply.code(502).send({ error: 'preview unavailable' });
    }
    const db = cacheDb(ctx.store);
    const now = Math.floor(Date.now() / 1000);
    const cached = await db
      .selectFrom('cache_link_previews')
      .selectAll()
      .where('url', '=', u)
      .executeTakeFirst();
    if (cached && now - Number(cached.fetched_at) < (Number(cached.failed) ? FAIL_TTL : OK_TTL)) {
      if (Number(cached.failed)) return reply.code(502).send({ error: 'preview unavailable' });
      return answer(JSON.parse(cached.data) as LinkPreviewResource);
    }
    const key = privateOk ? u : `public-only ${u}`;
    let job = inflight.get(key);
    if (!job) {
      job = fetchLinkPreview(ctx.outbound, u, privateOk);
      inflight.set(key, job);
      void job.catch(() => undefined).finally(() => inflight.delete(key));
    }
    try {
      const r = await job;
      await db
        .insertInto('cache_link_previews')
        .values({ url: u, data: JSON.stringify(r), fetched_at: now, failed: 0 })
        .onConflict((oc) =>
          oc.column('url').doUpdateSet({ data: JSON.stringify(r), fetched_at: now, failed: 0 }),
        )
        .execute();
      return answer(r);
    } catch (err) {
      const message = err instanceof Error ? err.message : 'fetch failed';
      req.log.debug({ url: u, message }, 'link preview failed');
      if (err instanceof FetchRefused) return reply.code(400).send({ error: message });
      if (err instanceof SlotsFull)
        return reply.code(503).header('retry-after', '5').send({ error: 'busy, try again' });
      await db
        .insertInto('cache_link_previews')
        .values({ url: u, data: '{}', fetched_at: now, failed: 1 })
        .onConflict((oc) =>
          oc.column('url').doUpdateSet({ data: '{}', fetched_at: now, failed: 1 }),
        )
        .execute();
      return reply.code(502).send({ error: 'preview unavailable' });
    }
  });
}
