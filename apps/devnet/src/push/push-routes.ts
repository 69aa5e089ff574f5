import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { PushInbox } from './push-inbox.ts';
import { checkVapid } from './vapid-token.ts';

/** Where the devnet's push service lives on the server. */
export const PUSH_SERVICE_PATH = '/devnet/push';
/** Largest push body accepted (RFC 8030 section 7.2: at least 4096 bytes). */
const MAX_BODY = 4096;

const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);

/** Where the service is reached: set once the server listens (endpoints are absolute URLs). */
export interface PushServiceBase {
  url?: string;
}

/**
 * The devnet's push service, an RFC 8030 receiver on this server (so tests and newcomers see
 * pushes offline; a browser subscribes to its own vendor's push service instead):
 *
 * - `POST /devnet/push/subscriptions {applicationServerKey?}` -> 201 `{id, endpoint}`: a new
 *   subscription (with a key, pushes signed by another VAPID key are refused 403, as browsers'
 *   services do);
 * - `POST <endpoint>` (`/devnet/push/send/<id>`): a push. Needs `TTL`, `Content-Encoding:
 *   aes128gcm` and `Authorization: vapid t=..., k=...` (an ES256 token for this origin);
 *   answers 201 with `Location`, 404 for an unknown subscription, 410 for a removed one, 413
 *   past 4096 bytes; a `Topic` replaces the stored push with that topic;
 * - `GET /devnet/push/subscriptions/<id>`: `{id, removed, posts, messages}` with each push's
 *   headers and encrypted body (base64url) for whoever holds the keys to read;
 * - `DELETE /devnet/push/subscriptions/<id>`: removed (pushes to it get 410 from now on);
 * - `POST /devnet/push/subscriptions/<id>/answers {status, retry_after?, times?}`: the next
 *   `times` pushes are answered `status` instead (429 or 503 with Retry-After, say).
 *
 * A subscription's id is its capability (128 random bits), as an endpoint is: no token needed.
 */
export function registerPushRoutes(
  app: FastifyInstance,
  inbox: PushInbox,
  base: PushServiceBase,
): void {
  app.post<{ Body: { applicationServerKey?: unknown } | undefined }>(
    `${PUSH_SERVICE_PATH}/subscriptions`,
    async (req, reply) => {
      if (!base.url) return reply.code(503).send({ error: 'not listening yet' });
      const key = req.body?.applicationServerKey;
      if (key !== undefined) {
        const raw = typeof key === 'string' ? Buffer.from(key, 'base64url') : undefined;
        if (!raw || raw.length !== 65 || raw[0] !== 4)
          return reply.code(400).send({ error: 'applicationServerKey must be a P-256 point' });
      }
      const id = inbox.create(typeof key === 'string' ? key : undefined);
      return reply.code(201).send({ id, endpoint: `${base.url}${PUSH_SERVICE_PATH}/send/${id}` });
    },
  );

  app.get<{ Params: { id: string } }>(
    `${PUSH_SERVICE_PATH}/subscriptions/:id`,
    async (req, reply) => {
      const sub = inbox.get(req.params.id);
      if (!sub) return reply.code(404).send({ error: 'no such subscription' });
      return { id: sub.id, removed: sub.removed, posts: sub.posts, messages: sub.messages };
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${PUSH_SERVICE_PATH}/subscriptions/:id`,
    async (req, reply) => {
      if (!inbox.remove(req.params.id))
        return reply.code(404).send({ error: 'no such subscription' });
      return reply.code(204).send();
    },
  );

  app.post<{
    Params: { id: string };
    Body: { status?: unknown; retry_after?: unknown; times?: unknown } | undefined;
  }>(`${PUSH_SERVICE_PATH}/subscriptions/:id/answers`, async (req, reply) => {
    const status = Number(req.body?.status);
    const times = req.body?.times === undefined ? 1 : Number(req.body.times);
    const retryAfter = req.body?.retry_after;
    if (!Number.isInteger(status) || status < 400 || status > 599)
      return reply.code(400).send({ error: 'status must be 400 to 599' });
    if (!Number.isInteger(times) || times < 1 || times > 1000)
      return reply.code(400).send({ error: 'times must be 1 to 1000' });
    if (
      retryAfter !== undefined &&
      typeof retryAfter !== 'string' &&
      typeof retryAfter !== 'number'
    )
      return reply.code(400).send({ error: 'retry_after must be seconds or an HTTP date' });
    const forced = {
      status,
      times,
      ...(retryAfter !== undefined ? { retryAfter: String(retryAfter) } : {}),
    };
    if (!inbox.force(req.params.id, forced))
      return reply.code(404).send({ error: 'no such subscription' });
    return reply.code(204).send();
  });

  void app.register(async (scope) => {
    // A push body is opaque ciphertext, whatever its Content-Type says.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY }, (_r, body, done) =>
      done(null, body),
    );
    // aes128gcm names the push's encryption (RFC 8291), not a compression to undo
    // (@fastify/compress's route option, set up by the server)
    const raw = { decompress: false } as RouteShorthandOptions;
    scope.post<{ Params: { id: string } }>(
      `${PUSH_SERVICE_PATH}/send/:id`,
      raw,
      async (req, reply) => {
        const sub = inbox.get(req.params.id);
        if (!sub) return reply.code(404).send({ error: 'no such subscription' });
        sub.posts++;
        if (sub.removed) return reply.code(410).send({ error: 'subscription removed' });
        const forced = inbox.takeForced(sub);
        if (forced) {
          if (forced.retryAfter) void reply.header('retry-after', forced.retryAfter);
          return reply.code(forced.status).send({ error: 'answer set up in advance' });
        }
        const now = Math.floor(Date.now() / 1000);
        const claim = checkVapid(req.headers.authorization, new URL(base.url!).origin, now);
        if (typeof claim === 'string') return reply.code(401).send({ error: claim });
        if (sub.applicationServerKey && claim.key !== sub.applicationServerKey)
          return reply.code(403).send({ error: 'not the key this subscription was made with' });
        const ttl = Number(req.headers.ttl);
        if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
          return reply.code(400).send({ error: 'TTL header required' });
        if (String(req.headers['content-encoding'] ?? '').toLowerCase() !== 'aes128gcm')
          return reply.code(415).send({ error: 'Content-Encoding must be aes128gcm' });
        const urgency = String(req.headers.urgency ?? 'normal');
        if (!URGENCIES.has(urgency)) return reply.code(400).send({ error: 'bad Urgency' });
        const topic = req.headers.topic;
        if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(String(topic)))
          return reply.code(400).send({ error: 'bad Topic' });
        const body = req.body as Buffer | undefined;
        if (!body || body.length === 0) return reply.code(400).send({ error: 'empty push' });
        const message = inbox.store(sub, {
          receivedAt: Date.now(),
          ttl,
          urgency,
          ...(topic !== undefined ? { topic: String(topic) } : {}),
          vapidKey: claim.key,
          body: body.toString('base64url'),
        });
        return reply
          .code(201)
          .header('location', `${PUSH_SERVICE_PATH}/messages/${message.id}`)
          .header('ttl', String(ttl))
          .send();
      },
    );
  });
}
