import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hexToBytes } from '@noble/hashes/utils.js';

/** A parsed `nostr+walletconnect://` connection string (NIP-47). */
export interface NwcConnection {
  /** The wallet service's public key (64 lowercase hex). */
  walletPubkey: string;
  /** Every relay the wallet listens on, in order (at least one). */
  relays: string[];
  /** The first relay. */
  relay: string;
  /** The client's secret key for this connection (64 lowercase hex). Never log it. */
  secret: string;
  /** A lightning address the wallet suggests for the user's profile. */
  lud16?: string;
}

export type NwcUriProblem =
  'not_nwc' | 'no_pubkey' | 'bad_pubkey' | 'no_relay' | 'bad_relay' | 'no_secret' | 'bad_secret';

const reasons: Record<NwcUriProblem, string> = {
  not_nwc: 'This is not a wallet connection string (it must start with nostr+walletconnect://).',
  no_pubkey: 'The wallet connection string has no wallet public key.',
  bad_pubkey: "The wallet connection string's public key is not a valid key (64 hex characters).",
  no_relay: 'The wallet connection string has no relay.',
  bad_relay: "The wallet connection string's relay is not a ws:// or wss:// address.",
  no_secret: 'The wallet connection string has no secret.',
  bad_secret: "The wallet connection string's secret is not a valid 64 hex character key.",
};

/** A connection string that cannot be used; `message` says what is missing or wrong. */
export class NwcUriError extends Error {
  readonly problem: NwcUriProblem;
  constructor(problem: NwcUriProblem) {
    super(reasons[problem]);
    this.name = 'NwcUriError';
    this.problem = problem;
  }
}

const SCHEME = /^(?:nostr\+walletconnect|nostrwalletconnect):(?:\/\/)?/i;
const HEX64 = /^[0-9a-f]{64}$/i;

/** Whether a 64-hex x coordinate is a point of the curve (a usable x-only public key). */
function isPointX(hex: string): boolean {
  try {
    secp256k1.Point.fromHex(`02${hex.toLowerCase()}`);
    return true;
  } catch {
    return false;
  }
}

function isRelayUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'wss:' || url.protocol === 'ws:') && url.host !== '';
  } catch {
    return false;
  }
}

/**
 * Reads a wallet connection string: `nostr+walletconnect://<wallet pubkey>?relay=<url>
 * [&relay=<url>...]&secret=<hex>[&lud16=<address>]` (the `//` may be left out; the old
 * `nostrwalletconnect:` scheme is accepted too). A public key, a relay and a secret are
 * required (spec section 5). Throws `NwcUriError` with the reason.
 */
export function parseNwcUri(text: string): NwcConnection {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  const scheme = SCHEME.exec(trimmed);
  if (!scheme) throw new NwcUriError('not_nwc');
  const rest = trimmed.slice(scheme[0].length);
  const q = rest.indexOf('?');
  const pubkey = (q < 0 ? rest : rest.slice(0, q)).replace(/\/+$/, '');
  const params = new URLSearchParams(q < 0 ? '' : rest.slice(q + 1));
  if (pubkey === '' || pubkey.includes('=')) throw new NwcUriError('no_pubkey');
  if (!HEX64.test(pubkey) || !isPointX(pubkey)) throw new NwcUriError('bad_pubkey');
  const relays = params
    .getAll('relay')
    .map((r) => r.trim())
    .filter((r) => r !== '');
  if (relays.length === 0) throw new NwcUriError('no_relay');
  if (!relays.every(isRelayUrl)) throw new NwcUriError('bad_relay');
  const secret = params.get('secret')?.trim() ?? '';
  if (secret === '') throw new NwcUriError('no_secret');
  if (!HEX64.test(secret) || !secp256k1.utils.isValidSecretKey(hexToBytes(secret.toLowerCase()))) {
    throw new NwcUriError('bad_secret');
  }
  const connection: NwcConnection = {
    walletPubkey: pubkey.toLowerCase(),
    relays: [...new Set(relays)],
    relay: relays[0]!,
    secret: secret.toLowerCase(),
  };
  const lud16 = params.get('lud16')?.trim();
  if (lud16) connection.lud16 = lud16;
  return connection;
}

/** `parseNwcUri` without throwing: the connection, or the reason it cannot be used. */
export function tryParseNwcUri(
  text: string,
): { ok: true; connection: NwcConnection } | { ok: false; problem: NwcUriProblem; reason: string } {
  try {
    return { ok: true, connection: parseNwcUri(text) };
  } catch (err) {
    if (err instanceof NwcUriError) return { ok: false, problem: err.problem, reason: err.message };
    throw err;
  }
}

/** Writes a connection string (what a wallet service hands out; the devnet's does). */
export function formatNwcUri(connection: Omit<NwcConnection, 'relay'>): string {
  const params = new URLSearchParams();
  for (const relay of connection.relays) params.append('relay', relay);
  params.set('secret', connection.secret);
  if (connection.lud16) params.set('lud16', connection.lud16);
  return `nostr+walletconnect://${connection.walletPubkey}?${params.toString()}`;
}
