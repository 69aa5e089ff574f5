import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';

/** Whether a browser origin may use this server's APIs (SWELL_ALLOWED_ORIGINS, or its own app). */
export function originAllowed(ctx: ServerContext, origin: string): boolean {
  const allowed = ctx.config.allowedOrigins;
  return allowed === '*' || allowed.includes(origin) || ctx.outbound.own.hasOrigin(origin);
}

/**
 * CORS of the public read API (link previews) for browser apps on other origins: `*` when any
 * origin is allowed, else the asking origin when it is on the list (and `Vary: Origin`).
 */
export function applyCors(ctx: ServerContext, req: FastifyRequest, reply: FastifyReply): void {
  if (ctx.config.allowedOrigins === '*') {
    reply.header('access-control-allow-origin', '*');
    return;
  }
  reply.header('vary', 'Origin');
  const origin = req.headers.origin;
  if (typeof origin === 'string' && originAllowed(ctx, origin))
    reply.header('access-control-allow-origin', origin);
}
