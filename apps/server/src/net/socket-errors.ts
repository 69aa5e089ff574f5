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

/** How long a connection closed on a protocol error has to read our close frame. */
const LINGER_MS = 1000;

/**
 * An accepted websocket: `ws` closes the connection itself on a protocol error (1009 for a frame
 * over the limit, 1007 for invalid UTF-8, 1002 for a broken frame) and then emits `error`; the
 * error is logged in one line (which path, what went wrong: no payload, no address, nothing
 * the client sent) and the close handlers do the rest. The connection is not read any more: ws
 * would go on reading, and throwing away, the rest of a frame over the limit (megabytes each,
 * which under a flood of such frames kept the garbage collector busy) while it waits for the
 * client's close frame behind it; the client gets our close frame, and a second later the
 * connection is dropped.
 */
export function logSocketErrors(ws: WebSocket, path: string, log: FastifyBaseLogger): void {
  ws.on('error', (err: Error & { code?: string }) => {
    log.info(
      { path, code: err.code ?? 'unknown', reason: err.message.slice(0, 100) },
      'websocket: connection closed on a protocol error',
    );
    const raw = (ws as unknown as { _socket?: Duplex })._socket;
    if (raw) {
      // ws resumes reading to hear the close frame (on the next tick, and whenever its parser
      // drains): every resume is undone at once, before anything is read.
      const stop = () => raw.pause();
      raw.on('resume', stop);
      stop();
    }
    setTimeout(() => ws.terminate(), LINGER_MS).unref();
  });
}
