import type { FastifyInstance } from 'fastify';
import { nip19 } from '@swell/nostr';
import type { DevnetBunker } from './nip46-bunker.ts';
import { operatorOnly } from './operator-token.ts';

/**
 * HTTP controls of the devnet bunker: a fresh `bunker://` URL for this host's relay, the
 * "scan a nostrconnect:// QR code" step, and switching it off and on (a dropped signer; it drops
 * for everyone, so only with the operator token).
 */
export function registerBunkerRoutes(
  app: FastifyInstance,
  bunker: DevnetBunker,
  operatorToken: string,
): void {
  app.get('/devnet/nip46', async (req) => {
    const relay = `${req.protocol === 'https' ? 'wss' : 'ws'}://${req.host}/relay`;
    return {
      bunkerUrl: bunker.bunkerUrl(relay),
      relay,
      remotePubkey: bunker.remotePubkey,
      userPubkey: bunker.userPubkey,
      npub: nip19.npubEncode(bunker.userPubkey),
      online: bunker.online,
    };
  });
  app.post<{ Body: { uri?: unknown } }>('/devnet/nip46/nostrconnect', async (req, reply) => {
    const uri = req.body?.uri;
    if (typeof uri !== 'string') return reply.code(400).send({ error: 'uri is required' });
    try {
      await bunker.acceptNostrConnect(uri);
    } catch (e) {
      return reply.code(400).send({ error: (e as Error).message });
    }
    return { ok: true };
  });
  app.post<{ Body: { online?: unknown } }>(
    '/devnet/nip46/online',
    operatorOnly(operatorToken),
    async (req, reply) => {
      if (typeof req.body?.online !== 'boolean') {
        return reply.code(400).send({ error: 'online must be true or false' });
      }
      bunker.online = req.body.online;
      return { online: bunker.online };
    },
  );
}
