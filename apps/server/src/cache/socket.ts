import type { WebSocket } from 'ws';
import type { IncomingMessage } from 'node:http';
import type { ServerContext } from '../server.ts';

/**
 * The cache websocket (`/v1`, Primal protocol). Foundation version: protocol handshake,
 * NOTICE for unknown commands and broken JSON. The command router replaces `answer` later.
 */
export function handleCacheSocket(ws: WebSocket, ctx: ServerContext, _req: IncomingMessage): void {
  const send = (msg: unknown[]) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
  };
  ws.on('message', (data, isBinary) => {
    if (isBinary) {
      send(['NOTICE', '', 'binary frames are not accepted']);
      return;
    }
    let msg: unknown;
    try {
      msg = JSON.parse(data.toString());
    } catch {
      send(['NOTICE', '', 'invalid JSON']);
      return;
    }
    if (!Array.isArray(msg) || typeof msg[0] !== 'string') {
      send(['NOTICE', '', 'message must be a JSON array']);
      return;
    }
    const [verb, subId] = msg as [string, unknown];
    if (typeof subId !== 'string') {
      send(['NOTICE', '', 'missing subscription id']);
      return;
    }
    if (verb === 'CLOSE') return;
    if (verb !== 'REQ') {
      send(['NOTICE', subId, `unknown message type: ${verb}`]);
      return;
    }
    const payload = msg[2] as { cache?: unknown } | undefined;
    const cache = payload?.cache;
    if (!Array.isArray(cache) || typeof cache[0] !== 'string') {
      send(['NOTICE', subId, 'invalid request: expected {"cache": [command, payload]}']);
      send(['EOSE', subId]);
      return;
    }
    const command = cache[0];
    if (command === 'set_primal_protocol') {
      send(['EOSE', subId]);
      return;
    }
    ctx.log.debug({ command }, 'unknown cache command');
    send(['NOTICE', subId, 'unknown api request']);
    send(['EOSE', subId]);
  });
}
