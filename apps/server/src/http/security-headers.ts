import type { FastifyInstance } from 'fastify';

/**
 * Headers on every response: no MIME sniffing (an uploaded or proxied file is served as what it
 * claims to be), and the Referer of a visitor's page goes to other sites as the origin at most.
 * The app's own pages add the Content-Security-Policy (static-app.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy'))
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    return payload;
  });
}
