import type { FastifyInstance } from 'fastify';
import { serverVersion } from '../version.ts';
import type { RelayLimits } from './limits.ts';

/** The NIP-11 relay information document. */
export function relayInformation(limits: RelayLimits): Record<string, unknown> {
  return {
    name: 'Swell relay',
    description: 'The NIP-01 relay of a self-hosted Swell server.',
    software: 'swell',
    version: serverVersion,
    supported_nips: [1, 9, 11, 40, 42, 45],
    limitation: {
      max_message_length: limits.maxMessageLength,
      max_subscriptions: limits.maxSubscriptions,
      max_filters: limits.maxFilters,
      max_limit: limits.maxLimit,
      max_subid_length: limits.maxSubidLength,
      max_event_tags: limits.maxEventTags,
      max_content_length: limits.maxMessageLength,
      default_limit: limits.maxLimit,
      auth_required: false,
      payment_required: false,
      restricted_writes: false,
    },
    retention: [{ kinds: [[20000, 29999]], time: 0 }],
  };
}

/** GET /relay: the NIP-11 document for `Accept: application/nostr+json`, else a short hint. */
export function registerRelayInfo(app: FastifyInstance, limits: RelayLimits): void {
  app.options('/relay', async (_req, reply) =>
    reply
      .header('Access-Control-Allow-Origin', '*')
      .header('Access-Control-Allow-Headers', '*')
      .header('Access-Control-Allow-Methods', 'GET, OPTIONS')
      .code(204)
      .send(),
  );
  app.get('/relay', async (req, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    if ((req.headers.accept ?? '').includes('application/nostr+json')) {
      return reply.type('application/nostr+json').send(JSON.stringify(relayInformation(limits)));
    }
    return reply.type('text/plain').send('This is a Nostr relay: connect with a websocket client.');
  });
}
