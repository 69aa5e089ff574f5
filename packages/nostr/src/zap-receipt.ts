import { invoiceAmountMsats } from './bolt11.ts';
import { isHex64 } from './hex.ts';
import { getTagValue } from './tags.ts';
import type { NostrEvent } from './types.ts';
import { validateEvent } from './validate.ts';

/** A NIP-57 zap receipt (kind 9735), as the client and the server's stats need it. */
export interface ZapReceipt {
  receiptId: string;
  /** Pubkey of the zapper: the receipt's P tag, else the embedded request's author. */
  sender?: string;
  /** Pubkey of the zapped user (p tag). */
  recipient: string;
  /** Zapped note id (e tag), if any. */
  eventId?: string;
  /** Zapped address `kind:pubkey:d` (a tag), if any. */
  coordinate?: string;
  msats: number;
  /** Whole sats (msats / 1000, rounded down). */
  sats: number;
  /** The zap comment: the content of the embedded request ('' when none). */
  message: string;
  created_at: number;
  /** The embedded zap request (description tag) when it has a valid shape. */
  request?: NostrEvent;
}

function embeddedRequest(description: string | undefined): NostrEvent | undefined {
  if (!description) return undefined;
  try {
    const checked = validateEvent(JSON.parse(description));
    return checked.ok ? checked.event : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a zap receipt. The amount comes from the bolt11 tag. Returns undefined when the event
 * is not a kind 9735 with a hex p tag and a bolt11 invoice that states an amount. Does not
 * verify signatures (the caller verifies the receipt; the request's signature is checked by
 * `validateZapRequest` where needed). Never throws.
 */
export function parseZapReceipt(event: NostrEvent): ZapReceipt | undefined {
  try {
    if (event.kind !== 9735) return undefined;
    const recipient = getTagValue(event, 'p');
    if (!isHex64(recipient)) return undefined;
    const bolt11 = getTagValue(event, 'bolt11');
    const msats = bolt11 === undefined ? undefined : invoiceAmountMsats(bolt11);
    if (msats === undefined) return undefined;
    const request = embeddedRequest(getTagValue(event, 'description'));
    const bigP = getTagValue(event, 'P');
    const sender = isHex64(bigP) ? bigP : request?.pubkey;
    const eventId = getTagValue(event, 'e');
    const coordinate = getTagValue(event, 'a');
    const receipt: ZapReceipt = {
      receiptId: event.id,
      recipient,
      msats,
      sats: Math.floor(msats / 1000),
      message: request?.content ?? '',
      created_at: event.created_at,
    };
    if (sender) receipt.sender = sender;
    if (isHex64(eventId)) receipt.eventId = eventId;
    if (coordinate) receipt.coordinate = coordinate;
    if (request) receipt.request = request;
    return receipt;
  } catch {
    return undefined;
  }
}
