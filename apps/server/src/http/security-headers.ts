import type { FastifyInstance } from 'fastify';

/**
 * The policy of every response that is not one of the app's pages (those set their own, see
 * static-app.ts): JSON, pictures, uploaded or proxied files. Opened directly in a browser, such a
 * response may run nothing, load nothing and be framed by nobody, so an SVG or HTML file served
 * from this origin cannot act as the app. (A web worker or service worker script takes the policy
 * of its own response: such a script would need the app's policy instead.)
 */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * Headers on every response: no MIME sniffing (a file is served as what it claims to be), the
 * Referer of a visitor's page goes to other sites as the origin at most, and the restrictive
 * policy above unless the route set its own.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy'))
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', RESOURCE_CSP);
    return payload;
  });
}
