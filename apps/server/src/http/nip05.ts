import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { normaliseName } from '../names/name-registry.ts';

/**
 * `GET /.well-known/nostr.json?name=<name>` (NIP-05): `{names: {name: pubkey}, relays}` for a
 * name in this server's registry (whatever host the server is reached at), `{names: {}}`
 * otherwise. A profile claiming `name@host` in its kind 0 never takes a name. CORS open, as
 * NIP-05 requires.
 */
export function registerNip05(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Querystring: { name?: string } }>('/.well-known/nostr.json', async (req, reply) => {
    reply.header('access-control-allow-origin', '*');
    const raw = req.query.name;
    if (typeof raw !== 'string') return reply.code(400).send({ error: 'name is required' });
    const name = normaliseName(raw);
    if (!name) return reply.code(400).send({ error: 'invalid name' });
    const pubkey = await ctx.names.lookup(name);
    if (!pubkey) return { names: {} };
    // Fastify's protocol and host believe X-Forwarded-* only from a trusted proxy.
    const proto = req.protocol === 'https' ? 'wss' : 'ws';
    const host = req.host || `${ctx.config.host}:${ctx.config.port}`;
    return {
      names: { [name]: pubkey },
      relays: { [pubkey]: [`${proto}://${host}/relay`] },
    };
  });
}
