import type { FastifyInstance } from 'fastify';
import type { LinkPreviewResource } from '@swell/cache-protocol';
import { checkFetchTarget } from '../cache/address-guard.ts';
import { cacheDb } from '../cache/tables.ts';
import type { ServerContext } from '../context.ts';
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

/**
 * `GET /link-preview?u=<url>`: OpenGraph metadata and favicon of a page, fetched server-side with
 * a timeout and a size cap, cached in the database (which also feeds 10000128 in feeds). A
 * request from another machine never makes the server fetch loopback or private addresses.
 */
export function registerLinkPreview(app: FastifyInstance, ctx: ServerContext): void {
  const inflight = new Map<string, Promise<LinkPreviewResource>>();
  app.get<{ Querystring: { u?: string } }>('/link-preview', async (req, reply) => {
    reply.header('access-control-allow-origin', '*');
    const target = await checkFetchTarget(req.query.u, req.socket.remoteAddress);
    if ('error' in target) return reply.code(400).send({ error: target.error });
    const { url: u, allowPrivate } = target;
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
    let job = inflight.get(u);
    if (!job) {
      job = fetchLinkPreview(u, allowPrivate);
      // only share a fetch between requests with the same permission
      if (!allowPrivate) inflight.set(u, job);
      void job.catch(() => undefined).finally(() => inflight.delete(u));
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
      if (
        message === 'private address refused' ||
        message === 'unsupported url scheme' ||
        message === 'invalid url'
      ) {
        return reply.code(400).send({ error: message });
      }
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
