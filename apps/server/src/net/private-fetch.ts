import type { IncomingHttpHeaders } from 'node:http';
import type { ServerContext } from '../context.ts';

/**
 * Whether the server may fetch non-public addresses for this request, when
 * SWELL_ALLOW_PRIVATE_FETCH allows them at all: for its own app, origins listed in
 * SWELL_ALLOWED_ORIGINS and clients that are not browsers, never for a page on another origin
 * (which `*` lets read the public API): such a page must not reach the operator's network
 * through a visitor's server. Browsers name the origin (`Origin`) or at least whether the request
 * crosses sites (`Sec-Fetch-Site`, also sent for pictures and other no-cors requests).
 */
export function mayFetchPrivate(ctx: ServerContext, headers: IncomingHttpHeaders): boolean {
  const origin = headers.origin;
  if (typeof origin === 'string') {
    const listed = ctx.config.allowedOrigins !== '*' && ctx.config.allowedOrigins.includes(origin);
    return listed || ctx.outbound.own.hasOrigin(origin);
  }
  const site = headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}
