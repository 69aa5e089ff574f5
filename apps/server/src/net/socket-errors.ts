import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';

/**
 * What a client can make a socket emit as `error` (a frame over `maxPayload`, invalid UTF-8, a
 * bad opcode, a reset connection) is that client's problem, never the process's: an `error`
 * event without a listener is thrown, and an uncaught exception ends the server. Every socket
 * the server accepts gets a listener before anything else can happen on it.
 */

/**
 * A raw socket handed to the `upgrade` event: Node's HTTP server has taken its own error
 * listener off it, so a client that resets the connection while we refuse or answer the
 * upgrade would end the process. Such an error just closes it.
 */
export function guardUpgradeSocket(socket: Duplex): void {
  socket.on('error', () => socket.destroy());
}

/**
 * An accepted websocket: `ws` closes the connection itself on a protocol error (1009 for a frame
 * over the limit, 1007 for invalid UTF-8, 1002 for a broken frame) and then emits `error`; the
 * error is logged in one line (which path, what went wrong: no payload, no address, nothing
 * the client sent) and the close handlers do the rest.
 */
export function logSocketErrors(ws: WebSocket, path: string, log: FastifyBaseLogger): void {
  ws.on('error', (err: Error & { code?: string }) => {
    log.info(
      { path, code: err.code ?? 'unknown', reason: err.message.slice(0, 100) },
      'websocket: connection closed on a protocol error',
    );
  });
}
