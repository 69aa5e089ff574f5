import type { FastifyInstance } from 'fastify';
import type { LocalGet } from '../net/outbound.ts';

/**
 * Answers GETs of this server's own URLs in-process (Fastify's inject: no socket, no DNS), so
 * the media cache and link previews can use the devnet's demo media and uploaded files without
 * the server fetching from itself over the network.
 */
export function localGet(app: FastifyInstance): LocalGet {
  return async (pathAndQuery, headers, maxBytes) => {
    const res = await app.inject({ method: 'GET', url: pathAndQuery, headers });
    const body = res.rawPayload;
    const location = res.headers.location;
    return {
      status: res.statusCode,
      location: typeof location === 'string' ? location : undefined,
      contentType: String(res.headers['content-type'] ?? ''),
      body: body.length > maxBytes ? body.subarray(0, maxBytes) : body,
      truncated: body.length > maxBytes,
    };
  };
}
