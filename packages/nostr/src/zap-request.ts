import { isHex64 } from './hex.ts';
import { Kind } from './kinds.ts';
import type { EventTemplate, NostrEvent } from './types.ts';
import { validateEvent } from './validate.ts';
import { verifyEvent } from './verify.ts';

/** The zap validation errors of client-spec section 8, verbatim. */
export const ZapRequestErrors = {
  json: 'Invalid zap request JSON.',
  event: 'Zap request is not a valid Nostr event.',
  signature: 'Invalid signature on zap request.',
  noP: "Zap request doesn't have a 'p' tag.",
  badP: "Zap request 'p' tag is not valid hex.",
  badE: "Zap request 'e' tag is not valid hex.",
  noRelays: "Zap request doesn't have a 'relays' tag.",
} as const;

export type ZapRequestError = (typeof ZapRequestErrors)[keyof typeof ZapRequestErrors];

export interface ZapRequestParams {
  /** Pubkey of the zapped user. */
  recipient: string;
  /** Amount in millisatoshis. */
  amountMsats: number;
  /** Relays the receipt should be published to (at least one). */
  relays: string[];
  /** The zap comment. */
  comment?: string;
  /** Zapped note id. */
  eventId?: string;
  /** Zapped address `kind:pubkey:d`. */
  coordinate?: string;
  /** Kind of the zapped event (k tag). */
  kind?: number;
  /** The recipient's bech32 lnurl, when known. */
  lnurl?: string;
  /** A zap poll vote: the option id (kind 6969 polls; `["poll_option", id]`). */
  pollOption?: string;
  /** Unix seconds; now by default. */
  createdAt?: number;
}

/** Builds an unsigned NIP-57 zap request (kind 9734). Throws on invalid parameters. */
export function makeZapRequest(params: ZapRequestParams): EventTemplate {
  if (!isHex64(params.recipient)) throw new Error('recipient must be 64 lowercase hex');
  if (!Number.isSafeInteger(params.amountMsats) || params.amountMsats <= 0) {
    throw new Error('amountMsats must be a positive integer');
  }
  if (params.relays.length === 0) throw new Error('a zap request needs at least one relay');
  if (params.eventId !== undefined && !isHex64(params.eventId))
    throw new Error('eventId must be 64 lowercase hex');
  const tags: string[][] = [
    ['relays', ...params.relays],
    ['amount', String(params.amountMsats)],
  ];
  if (params.lnurl) tags.push(['lnurl', params.lnurl]);
  tags.push(['p', params.recipient]);
  if (params.eventId) tags.push(['e', params.eventId]);
  if (params.coordinate) tags.push(['a', params.coordinate]);
  if (params.kind !== undefined) tags.push(['k', String(params.kind)]);
  if (params.pollOption !== undefined) {
    if (!/^[\w-]{1,64}$/.test(params.pollOption)) throw new Error('invalid poll option id');
    tags.push(['poll_option', params.pollOption]);
  }
  return {
    kind: Kind.ZapRequest,
    created_at: params.createdAt ?? Math.floor(Date.now() / 1000),
    tags,
    content: params.comment ?? '',
  };
}

/**
 * Validates a zap request as an LNURL server receives it (a JSON string), with the exact error
 * strings of section 8, checked in that order. Never throws.
 */
export function validateZapRequest(
  json: string,
): { ok: true; request: NostrEvent } | { ok: false; error: ZapRequestError } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { ok: false, error: ZapRequestErrors.json };
  }
  const shape = validateEvent(parsed);
  if (!shape.ok || shape.event.kind !== Kind.ZapRequest)
    return { ok: false, error: ZapRequestErrors.event };
  const request = shape.event;
  if (!verifyEvent(request)) return { ok: false, error: ZapRequestErrors.signature };
  // As the reference: a tag with an empty value counts as absent.
  const p = request.tags.find((t) => t[0] === 'p' && t[1]);
  if (!p) return { ok: false, error: ZapRequestErrors.noP };
  if (!isHex64(p[1])) return { ok: false, error: ZapRequestErrors.badP };
  const e = request.tags.find((t) => t[0] === 'e' && t[1]);
  if (e && !isHex64(e[1])) return { ok: false, error: ZapRequestErrors.badE };
  // A relays tag must name at least one relay.
  if (!request.tags.some((t) => t[0] === 'relays' && t[1]))
    return { ok: false, error: ZapRequestErrors.noRelays };
  return { ok: true, request };
}

/** The amount tag of a zap request in msats, if present and numeric. */
export function zapRequestAmountMsats(request: Pick<NostrEvent, 'tags'>): number | undefined {
  const value = request.tags.find((t) => t[0] === 'amount')?.[1];
  if (value === undefined || !/^\d{1,16}$/.test(value)) return undefined;
  return Number(value);
}
