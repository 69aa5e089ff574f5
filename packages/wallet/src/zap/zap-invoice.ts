import {
  isHex64,
  makeZapRequest,
  validateZapRequest,
  zapRequestAmountMsats,
  ZapRequestErrors,
  type DecodedInvoice,
  type EventTemplate,
  type NostrEvent,
} from '@swell/nostr';
import { lnurlCallbackUrl, parseLnurlInvoice } from '../lnurl.ts';
import { checkZapInvoice } from './check-zap-invoice.ts';
import { fetchLnurlJson, type HttpOptions } from './fetch-json.ts';
import type { ZapEndpoint } from './zap-endpoint.ts';
import { ZapError } from './zap-error.ts';

/**
 * Signs an event for the user. The client's `Signer` fits as `(t) => signer.signEvent(t)`;
 * the wallet package never imports the client.
 */
export type SignEvent = (template: EventTemplate) => Promise<NostrEvent>;

/** What is zapped: a user (their pubkey), and optionally one of their notes or articles. */
export interface ZapTarget {
  /** The zapped user (p tag). */
  pubkey: string;
  /** A note or other event (e tag). */
  eventId?: string;
  /** An addressable event `kind:pubkey:d`, e.g. an article (a tag). */
  coordinate?: string;
  /** The zapped event's kind (k tag). */
  kind?: number;
}

export interface ZapInvoiceOptions extends HttpOptions {
  endpoint: ZapEndpoint;
  target: ZapTarget;
  /** Whole millisats (sats × 1000). */
  amountMsat: number;
  /** The zap message (the request's content). */
  comment?: string;
  /** Where the receipt should go: the sender's read relays (at least one). */
  relays: readonly string[];
  signEvent: SignEvent;
  /** Unix seconds now (tests). */
  now?: () => number;
}

/** A zap ready to pay: the signed request and the checked invoice that commits to it. */
export interface ZapInvoice {
  endpoint: ZapEndpoint;
  target: ZapTarget;
  amountMsat: number;
  zapRequest: NostrEvent;
  /** The bolt11 invoice, checked against the request (never pay another). */
  invoice: string;
  decoded: DecodedInvoice;
}

function relayList(relays: readonly string[]): string[] {
  const out: string[] = [];
  for (const relay of relays) {
    const r = typeof relay === 'string' ? relay.trim() : '';
    if (/^wss?:\/\/\S+$/i.test(r) && !out.includes(r)) out.push(r);
  }
  return out;
}

/**
 * Signs the NIP-57 zap request (kind 9734: p, e or a, k, amount in msat, relays, lnurl, the
 * comment as content) and asks the author's LNURL service for the invoice. Before any payment
 * the signed request is checked with the spec's validation (its section 8 messages) and the
 * invoice against the request (`checkZapInvoice`). Throws `ZapError`.
 */
export async function requestZapInvoice(options: ZapInvoiceOptions): Promise<ZapInvoice> {
  const { endpoint, target, amountMsat } = options;
  if (!Number.isSafeInteger(amountMsat) || amountMsat <= 0) {
    throw new ZapError('amount_out_of_range', 'The zap amount must be whole millisats above 0.');
  }
  if (amountMsat < endpoint.minSendableMsat || amountMsat > endpoint.maxSendableMsat) {
    const sats = (msat: number) => Math.ceil(msat / 1000).toLocaleString('en-US');
    throw new ZapError(
      'amount_out_of_range',
      `This author takes zaps from ${sats(endpoint.minSendableMsat)} to ${Math.floor(endpoint.maxSendableMsat / 1000).toLocaleString('en-US')} sats.`,
    );
  }
  if (!isHex64(target.pubkey)) {
    throw new ZapError('invalid_request', ZapRequestErrors.badP);
  }
  if (target.eventId !== undefined && !isHex64(target.eventId)) {
    throw new ZapError('invalid_request', ZapRequestErrors.badE);
  }
  const relays = relayList(options.relays);
  if (relays.length === 0) throw new ZapError('invalid_request', ZapRequestErrors.noRelays);
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const template = makeZapRequest({
    recipient: target.pubkey,
    amountMsats: amountMsat,
    relays,
    comment: options.comment ?? '',
    lnurl: endpoint.lnurl,
    createdAt: now(),
    ...(target.eventId !== undefined ? { eventId: target.eventId } : {}),
    ...(target.coordinate !== undefined ? { coordinate: target.coordinate } : {}),
    ...(target.kind !== undefined ? { kind: target.kind } : {}),
  });

  let zapRequest: NostrEvent;
  try {
    zapRequest = await options.signEvent(template);
  } catch (err) {
    throw new ZapError('not_signed', 'The zap request was not signed.', { cause: err });
  }
  let zapRequestJson: string;
  try {
    zapRequestJson = JSON.stringify(zapRequest);
    if (typeof zapRequestJson !== 'string') throw new Error('nothing to serialize');
  } catch (err) {
    throw new ZapError('invalid_request', ZapRequestErrors.json, { cause: err });
  }
  const checked = validateZapRequest(zapRequestJson);
  if (!checked.ok) throw new ZapError('invalid_request', checked.error);
  const p = zapRequest.tags.find((t) => t[0] === 'p')?.[1];
  if (p !== target.pubkey || zapRequestAmountMsats(zapRequest) !== amountMsat) {
    throw new ZapError('invalid_request', 'The signer changed the zap request.');
  }

  let callback: string;
  try {
    callback = lnurlCallbackUrl(endpoint.params, { amountMsat, zapRequest });
  } catch (err) {
    throw new ZapError('amount_out_of_range', (err as Error).message, { cause: err });
  }
  const body = await fetchLnurlJson(callback, options);
  let invoice: string;
  try {
    invoice = parseLnurlInvoice(body).pr;
  } catch (err) {
    const message = (err as Error).message;
    throw new ZapError('lnurl_failed', message, {
      cause: err,
      reason: message.replace(/^LNURL service error: /, ''),
    });
  }
  const decoded = checkZapInvoice(invoice, { amountMsat, zapRequestJson, now: now() });
  return { endpoint, target, amountMsat, zapRequest, invoice: invoice.trim(), decoded };
}
