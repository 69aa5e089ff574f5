import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { NostrEvent } from '@swell/nostr';
import { encodeBolt11 } from '@swell/wallet';
import { lightningNodeSecretKey } from './keys.ts';
import type { Template } from './signer.ts';

const utf8 = new TextEncoder();

/** A bolt11 invoice of the devnet node for a zap request: the description hash commits to it. */
export function zapInvoice(opts: {
  zapRequest: NostrEvent;
  amountMsat: number;
  timestamp: number;
  preimage: Uint8Array;
  expirySeconds?: number;
}): { bolt11: string; paymentHash: string; description: string } {
  const description = JSON.stringify(opts.zapRequest);
  const paymentHash = sha256(opts.preimage);
  const bolt11 = encodeBolt11(
    {
      amountMsat: opts.amountMsat,
      timestamp: opts.timestamp,
      paymentHash,
      paymentSecret: sha256(paymentHash),
      descriptionHash: sha256(utf8.encode(description)),
      expirySeconds: opts.expirySeconds ?? 3600,
    },
    lightningNodeSecretKey,
  );
  return { bolt11, paymentHash: bytesToHex(paymentHash), description };
}

/**
 * The NIP-57 zap receipt (kind 9735) the LNURL service signs once the invoice is paid: the
 * recipient's p, the zapped e or a, the sender as P, the invoice and the request as description.
 */
export function zapReceiptTemplate(opts: {
  zapRequest: NostrEvent;
  bolt11: string;
  preimage?: string;
  paidAt: number;
}): Template {
  const req = opts.zapRequest;
  const tags: string[][] = [];
  for (const name of ['p', 'e', 'a', 'k']) {
    const tag = req.tags.find((t) => t[0] === name);
    if (tag?.[1]) tags.push([name, tag[1]]);
  }
  tags.push(['P', req.pubkey], ['bolt11', opts.bolt11], ['description', JSON.stringify(req)]);
  if (opts.preimage) tags.push(['preimage', opts.preimage]);
  return { kind: 9735, created_at: opts.paidAt, tags, content: '' };
}

/**
 * Checks a zap request the way NIP-57 asks an LNURL server to (appendix D): kind 9734, valid
 * signature (checked by `verify`), exactly one p tag, at most one e tag, a relays tag, and an
 * amount tag equal to the invoice amount if present. Returns the reason when it is not valid.
 */
export function zapRequestProblem(
  event: unknown,
  amountMsat: number,
  verify: (e: NostrEvent) => boolean,
): string | undefined {
  if (typeof event !== 'object' || event === null) return 'Zap request is not a valid Nostr event.';
  const e = event as NostrEvent;
  if (
    e.kind !== 9734 ||
    typeof e.id !== 'string' ||
    typeof e.pubkey !== 'string' ||
    typeof e.sig !== 'string' ||
    typeof e.content !== 'string' ||
    typeof e.created_at !== 'number' ||
    !Array.isArray(e.tags) ||
    !e.tags.every((t) => Array.isArray(t) && t.every((x) => typeof x === 'string'))
  ) {
    return 'Zap request is not a valid Nostr event.';
  }
  if (!verify(e)) return 'Invalid signature on zap request.';
  const p = e.tags.filter((t) => t[0] === 'p');
  if (p.length !== 1) return "Zap request doesn't have a 'p' tag.";
  if (!/^[0-9a-f]{64}$/.test(p[0]![1] ?? '')) return "Zap request 'p' tag is not valid hex.";
  const ev = e.tags.filter((t) => t[0] === 'e');
  if (ev.length > 1) return 'Zap request has more than one e tag.';
  if (ev.length === 1 && !/^[0-9a-f]{64}$/.test(ev[0]![1] ?? '')) {
    return "Zap request 'e' tag is not valid hex.";
  }
  if (!e.tags.some((t) => t[0] === 'relays')) return "Zap request doesn't have a 'relays' tag.";
  const amount = e.tags.find((t) => t[0] === 'amount');
  if (amount && Number(amount[1]) !== amountMsat)
    return 'Zap request amount does not match the invoice amount.';
  return undefined;
}
