import type { WebSocket } from 'ws';
import type { IncomingMessage } from 'node:http';
import type { ServerContext } from '../context.ts';
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from './limits.ts';
import { RelayConnection } from './relay-connection.ts';
import { clientAddress } from '../net/client-address.ts';
import { ConnectionCaps } from '../net/connection-caps.ts';

/**
 * Limits in force (tests may change them through `setRelayLimits`). SWELL_RELAY_RATE sets the
 * per-connection message rate (messages/s; the burst is 2.5 times that), e.g. for benchmarks.
 */
let limits: RelayLimits = withRateFromEnv(DEFAULT_RELAY_LIMITS, process.env.SWELL_RELAY_RATE);

function withRateFromEnv(base: RelayLimits, value: string | undefined): RelayLimits {
  const rate = Number(value);
  if (!value || !Number.isFinite(rate) || rate <= 0) return base;
  return { ...base, ratePerSecond: rate, rateBurst: Math.ceil(rate * 2.5) };
}

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
  const client = ConnectionCaps.keyOf(clientAddress(req, ctx.config.trustedProxies));
  new RelayConnection(ws, ctx, limits, req.headers.host, ctx.load.relayFilters, client);
}
