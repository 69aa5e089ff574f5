import { strFromU8, strToU8, unzlibSync, zlibSync, inflateSync } from 'fflate';
import type { CacheCommand, CachePayloads } from './commands.ts';
import type { CacheEvent } from './event.ts';

/** Client -> server: `["REQ", subId, {"cache": [command, payload]}]`. */
export function reqFrame<C extends CacheCommand>(
  subId: string,
  command: C,
  payload?: CachePayloads[C],
): string {
  const cache = payload === undefined ? [command] : [command, payload];
  return JSON.stringify(['REQ', subId, { cache }]);
}

/** Client -> server: `["CLOSE", subId]`. */
export function closeFrame(subId: string): string {
  return JSON.stringify(['CLOSE', subId]);
}

/** The compression handshake a client sends right after open. */
export function setProtocolFrame(appId: string): string {
  return reqFrame(`set_protocol_${appId}`, 'set_primal_protocol', { compression: 'zlib' });
}

/** A message from the cache server, parsed. */
export type ServerMessage =
  | { type: 'EVENT'; subId: string; event: CacheEvent }
  | { type: 'EVENTS'; subId: string; events: CacheEvent[] }
  | { type: 'EOSE'; subId: string }
  | { type: 'NOTICE'; subId: string; message: string };

/** Deflates (zlib) the JSON of a message, as the server sends it in binary mode. */
export function deflateFrame(message: unknown): Uint8Array {
  return zlibSync(strToU8(JSON.stringify(message)));
}

/**
 * Inflates a binary frame and parses its JSON. Per the protocol a frame that fails to inflate
 * or parse is treated as `{}`.
 */
export function inflateFrame(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = strFromU8(unzlibSync(bytes));
  } catch {
    try {
      text = strFromU8(inflateSync(bytes));
    } catch {
      return {};
    }
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

function isEventLike(v: unknown): v is CacheEvent {
  return typeof v === 'object' && v !== null && typeof (v as { kind?: unknown }).kind === 'number';
}

/** Reads one server message (text or binary); null when it is not a protocol message. */
export function parseServerMessage(data: string | Uint8Array): ServerMessage | null {
  let msg: unknown;
  if (typeof data === 'string') {
    try {
      msg = JSON.parse(data);
    } catch {
      return null;
    }
  } else {
    msg = inflateFrame(data);
  }
  if (!Array.isArray(msg) || typeof msg[0] !== 'string' || typeof msg[1] !== 'string') return null;
  const [type, subId] = msg as [string, string];
  switch (type) {
    case 'EVENT':
      return isEventLike(msg[2]) ? { type, subId, event: msg[2] } : null;
    case 'EVENTS':
      return Array.isArray(msg[2]) ? { type, subId, events: msg[2].filter(isEventLike) } : null;
    case 'EOSE':
      return { type, subId };
    case 'NOTICE':
      return { type, subId, message: typeof msg[2] === 'string' ? msg[2] : String(msg[2]) };
    default:
      return null;
  }
}
