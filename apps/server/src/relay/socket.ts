import type { WebSocket } from 'ws';
import type { IncomingMessage } from 'node:http';
import type { ServerContext } from '../server.ts';
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from './limits.ts';
import { RelayConnection } from './relay-connection.ts';

/** Limits in force (tests may lower them through `setRelayLimits`). */
let limits: RelayLimits = DEFAULT_RELAY_LIMITS;

/** Overrides relay limits (tests). Returns the previous limits. */
export function setRelayLimits(next: Partial<RelayLimits>): RelayLimits {
  const previous = limits;
  limits = { ...limits, ...next };
  return previous;
}

export function relayLimits(): RelayLimits {
  return limits;
}

/** The NIP-01 relay websocket (`/relay`). */
export function handleRelaySocket(ws: WebSocket, ctx: ServerContext, req: IncomingMessage): void {
  new RelayConnection(ws, ctx, limits, req.headers.host);
}
