import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTENT_BACKUP_PATH } from '@swell/cache-protocol';
import { HTTP_AUTH_WINDOW_SECONDS, verifyHttpAuth, type NostrEvent } from '@swell/nostr';
import { claimUserRequest, UserRequestError } from '../auth/user-request.ts';
import type { ServerContext } from '../context.ts';
import { backupEvents } from '../membership/content-backup.ts';

/**
 * The absolute URLs a request may have been signed for: as reached (Fastify's `protocol` and
 * `host` believe `X-Forwarded-Proto`/`-Host` only from a trusted proxy), and the public URL.
 */
function requestUrls(req: FastifyRequest, ctx: ServerContext): string[] {
  const host = req.host || `${ctx.config.host}:${ctx.config.port}`;
  const urls = [`${req.protocol === 'https' ? 'https' : 'http'}://${host}${req.url}`];
  if (ctx.config.publicUrl) urls.push(`${ctx.config.publicUrl}${req.url}`);
  return urls;
}

function parseKinds(raw: unknown): number[] | undefined | null {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') return null;
  const kinds = raw.split(',').map((k) => Number(k.trim()));
  if (kinds.length > 50 || !kinds.every((k) => Number.isInteger(k) && k >= 0 && k < 2 ** 31))
    return null;
  return kinds;
}

/**
 * `GET /membership/content-backup[?kinds=1,3]` with a NIP-98 `Authorization: Nostr <token>`
 * (kind 27235 signed for this URL and GET, within 60 s, never published, used once: the one
 * user request check, auth/user-request.ts): every stored event of the
 * member as JSON Lines (one signed event per line), streamed with flat memory. Members only.
 */
export function registerContentBackup(app: FastifyInstance, ctx: ServerContext): void {
  // The signature is the credential (no cookies): any origin may ask, e.g. a dev server's page.
  app.options(CONTENT_BACKUP_PATH, async (_req, reply) =>
    reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET')
      .header('access-control-allow-headers', 'authorization')
      .header('access-control-max-age', '600')
      .send(),
  );
  app.get<{ Querystring: { kinds?: string } }>(CONTENT_BACKUP_PATH, async (req, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', 'content-disposition');
    const header = req.headers.authorization;
    if (typeof header !== 'string')
      return reply.code(401).send({ error: 'NIP-98 Authorization header required' });
    const now = Math.floor(Date.now() / 1000);
    let auth: { ok: true; event: NostrEvent } | { ok: false; reason: string } = {
      ok: false,
      reason: 'auth url does not match',
    };
    for (const url of requestUrls(req, ctx)) {
      const r = verifyHttpAuth(header, { url, method: 'GET', now });
      if (r.ok || r.reason !== 'auth url does not match') {
        auth = r;
        break;
      }
    }
    if (!auth.ok) return reply.code(401).send({ error: auth.reason });
    const event = auth.event;
    try {
      await claimUserRequest(
        event,
        { field: 'auth event', now, windowSeconds: HTTP_AUTH_WINDOW_SECONDS },
        ctx,
      );
    } catch (err) {
      if (err instanceof UserRequestError) return reply.code(401).send({ error: err.message });
      throw err;
    }
    if ((await ctx.membership.tierOf(event.pubkey, now)) === 'none')
      return reply.code(403).send({ error: 'membership required' });
    const kinds = parseKinds(req.query.kinds);
    if (kinds === null) return reply.code(400).send({ error: 'invalid kinds' });

    const abort = new AbortController();
    req.raw.on('close', () => abort.abort());
    const lines = async function* () {
      for await (const page of backupEvents(ctx.store, event.pubkey, kinds, abort.signal))
        yield page.map((e) => `${JSON.stringify(e)}\n`).join('');
    };
    const date = new Date(now * 1000).toISOString().slice(0, 10);
    return reply
      .type('application/x-ndjson; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-disposition',
        `attachment; filename="nostr-content-${kinds ? kinds.join('-') : 'all'}-${event.pubkey.slice(0, 12)}-${date}.jsonl"`,
      )
      .send(Readable.from(lines()));
  });
}
