import type { WebSocket } from 'ws';
import type { IncomingMessage } from 'node:http';
import type { ServerContext } from '../server.ts';

/** The NIP-01 relay websocket (`/relay`). Foundation version: REQ answers EOSE, CLOSE is accepted. */
export function handleRelaySocket(ws: WebSocket, _ctx: ServerContext, _req: IncomingMessage): void {
  const send = (msg: unknown[]) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
  };
  ws.on('message', (data) => {
    let msg: unknown;
    try {
      msg = JSON.parse(data.toString());
    } catch {
      send(['NOTICE', 'invalid: broken JSON']);
      return;
    }
    if (!Array.isArray(msg) || typeof msg[0] !== 'string') {
      send(['NOTICE', 'invalid: message must be a JSON array']);
      return;
    }
    const [verb, subId] = msg as [string, unknown];
    if (verb === 'REQ' && typeof subId === 'string') send(['EOSE', subId]);
    else if (verb === 'CLOSE') return;
    else send(['NOTICE', `invalid: unsupported message ${verb}`]);
  });
}
