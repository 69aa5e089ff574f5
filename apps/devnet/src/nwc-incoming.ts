import type { NostrEvent } from '@swell/nostr';
import { parseLightningInvoice } from '@swell/wallet';
import type { InvoiceLedger } from './invoice-ledger.ts';
import { MAX_SENDABLE_MSAT } from './lnurl-routes.ts';
import { fail, type Answer, type Connection, type IncomingInvoice } from './nwc-connection.ts';

/** Invoices a connection remembers (the oldest go first). */
const MAX_INCOMING = 5_000;
const MAX_EXPIRY_SECONDS = 7 * 24 * 3600;

/** Issues an invoice of the ledger paid to `connection` and remembers it there. */
export function issueIncoming(
  ledger: InvoiceLedger,
  connection: Connection,
  opts: {
    amountMsat: number;
    description?: string;
    zapRequest?: NostrEvent;
    expirySeconds?: number;
  },
): IncomingInvoice {
  const issued = ledger.issue({ ...opts, owner: connection.walletPubkey });
  const invoice: IncomingInvoice = {
    bolt11: issued.bolt11,
    paymentHash: issued.paymentHash,
    amountMsat: issued.amountMsat,
    description: issued.description ?? '',
    createdAt: issued.createdAt,
    expiresAt: issued.expiresAt,
    preimage: issued.preimage!,
    ...(opts.zapRequest ? { zapRequest: opts.zapRequest } : {}),
  };
  connection.incoming.set(invoice.paymentHash, invoice);
  while (connection.incoming.size > MAX_INCOMING)
    connection.incoming.delete(connection.incoming.keys().next().value!);
  return invoice;
}

/** NIP-47 transaction view of an invoice the connection made. */
export function incomingView(i: IncomingInvoice, now: number): Record<string, unknown> {
  const settled = i.settledAt !== undefined;
  return {
    type: 'incoming',
    state: settled ? 'settled' : i.expiresAt <= now ? 'expired' : 'pending',
    invoice: i.bolt11,
    description: i.description,
    description_hash: '',
    payment_hash: i.paymentHash,
    amount: i.amountMsat,
    fees_paid: 0,
    created_at: i.createdAt,
    expires_at: i.expiresAt,
    ...(settled ? { settled_at: i.settledAt, preimage: i.preimage } : {}),
    metadata: {},
  };
}

/** `make_invoice {amount (msat), description?, description_hash?, expiry? (s)}`. */
export function makeInvoice(
  ledger: InvoiceLedger,
  connection: Connection,
  params: Record<string, unknown>,
  now: number,
): Answer {
  const amount = params.amount;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1000)
    return fail('OTHER', 'params.amount must be a whole number of millisats, at least 1000.');
  if (amount > MAX_SENDABLE_MSAT)
    return fail('OTHER', `params.amount must be at most ${MAX_SENDABLE_MSAT} millisats.`);
  const description = params.description ?? '';
  if (typeof description !== 'string' || description.length > 2000)
    return fail('OTHER', 'params.description must be a string of at most 2000 characters.');
  const expiry = params.expiry ?? 3600;
  if (
    typeof expiry !== 'number' ||
    !Number.isSafeInteger(expiry) ||
    expiry < 1 ||
    expiry > MAX_EXPIRY_SECONDS
  )
    return fail('OTHER', `params.expiry must be 1 to ${MAX_EXPIRY_SECONDS} seconds.`);
  const invoice = issueIncoming(ledger, connection, {
    amountMsat: amount,
    description,
    expirySeconds: expiry,
  });
  return { result: incomingView(invoice, now) };
}

/** `lookup_invoice {payment_hash | invoice}`: an invoice this connection made or paid. */
export function lookupInvoice(
  connection: Connection,
  params: Record<string, unknown>,
  now: number,
): Answer {
  let hash = typeof params.payment_hash === 'string' ? params.payment_hash.toLowerCase() : '';
  if (!hash && typeof params.invoice === 'string')
    hash = parseLightningInvoice(params.invoice)?.paymentHash ?? '';
  if (!/^[0-9a-f]{64}$/.test(hash))
    return fail('OTHER', 'params.payment_hash (or params.invoice) names no invoice.');
  const incoming = connection.incoming.get(hash);
  if (incoming) return { result: incomingView(incoming, now) };
  const paid = connection.payments.get(hash);
  if (paid)
    return {
      result: {
        type: 'outgoing',
        state: 'settled',
        invoice: paid.bolt11,
        payment_hash: hash,
        preimage: paid.preimage,
        amount: paid.amountMsat,
        fees_paid: 0,
        created_at: paid.paidAt,
        settled_at: paid.paidAt,
        metadata: {},
      },
    };
  return fail('NOT_FOUND', 'This wallet has no such invoice.');
}
