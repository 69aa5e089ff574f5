import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { NostrEvent } from '@swell/nostr';
import { encodeBolt11, nodePublicKey, recoverInvoicePayee } from '@swell/wallet';
import { decode } from 'light-bolt11-decoder';
import { randomBytes } from 'node:crypto';
import { lightningNodeSecretKey } from './keys.ts';
import { recoverNodePreimage } from './node-preimage.ts';
import { zapInvoice } from './zap.ts';

/** One invoice of the devnet lightning node. */
export interface LedgerInvoice {
  bolt11: string;
  paymentHash: string;
  amountMsat: number;
  /** Unix seconds. */
  createdAt: number;
  expiresAt: number;
  status: 'open' | 'paid';
  paidAt?: number;
  /**
   * Known for invoices this ledger issued and for node invoices made with `nodePreimage` (demo
   * notes); absent for other invoices signed by the node key.
   */
  preimage?: string;
  description?: string;
  /** The NIP-57 zap request when the invoice pays a zap. */
  zapRequest?: NostrEvent;
  /**
   * The wallet connection (its wallet pubkey) the payment goes to: an invoice made by a NIP-47
   * wallet (`make_invoice`, its lightning address). That wallet credits it and signs its zap
   * receipts; invoices without an owner go to the devnet node itself.
   */
  owner?: string;
}

export type PaidListener = (invoice: LedgerInvoice) => void | Promise<void>;

const MAX_INVOICES = 50_000;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const utf8 = new TextEncoder();

/**
 * The devnet node's book of invoices: it issues them, marks them paid and tells listeners
 * (the zap receipt publisher; later WebLN, wallet connect and the ecash mint). In memory:
 * a restart forgets open invoices, which is fine for a sandbox.
 */
export class InvoiceLedger {
  readonly nodeId = nodePublicKey(lightningNodeSecretKey);
  private readonly byHash = new Map<string, LedgerInvoice>();
  private readonly listeners: PaidListener[] = [];
  private readonly clock: () => number;

  constructor(clock: () => number = nowSeconds) {
    this.clock = clock;
  }

  /** Issues an invoice for `amountMsat`; a zap request goes in as the hashed description. */
  issue(opts: {
    amountMsat: number;
    description?: string;
    zapRequest?: NostrEvent;
    expirySeconds?: number;
    owner?: string;
  }): LedgerInvoice {
    if (!Number.isSafeInteger(opts.amountMsat) || opts.amountMsat <= 0) {
      throw new Error('amount must be a positive whole number of millisats');
    }
    const preimage = randomBytes(32);
    const createdAt = this.clock();
    const expirySeconds = opts.expirySeconds ?? 3600;
    let bolt11: string;
    let paymentHash: string;
    let description = opts.description;
    if (opts.zapRequest) {
      ({ bolt11, paymentHash, description } = zapInvoice({
        zapRequest: opts.zapRequest,
        amountMsat: opts.amountMsat,
        timestamp: createdAt,
        preimage,
        expirySeconds,
      }));
    } else {
      const hash = sha256(preimage);
      paymentHash = bytesToHex(hash);
      const text = opts.description ?? '';
      bolt11 = encodeBolt11(
        {
          amountMsat: opts.amountMsat,
          timestamp: createdAt,
          paymentHash: hash,
          paymentSecret: sha256(hash),
          ...(utf8.encode(text).length > 600
            ? { descriptionHash: sha256(utf8.encode(text)) }
            : { description: text }),
          expirySeconds,
        },
        lightningNodeSecretKey,
      );
    }
    const invoice: LedgerInvoice = {
      bolt11,
      paymentHash,
      amountMsat: opts.amountMsat,
      createdAt,
      expiresAt: createdAt + expirySeconds,
      status: 'open',
      preimage: bytesToHex(preimage),
      ...(description !== undefined ? { description } : {}),
      ...(opts.zapRequest ? { zapRequest: opts.zapRequest } : {}),
      ...(opts.owner ? { owner: opts.owner } : {}),
    };
    this.remember(invoice);
    return invoice;
  }

  /** Keeps at most MAX_INVOICES (the oldest go first), so a flood of requests cannot exhaust memory. */
  private remember(invoice: LedgerInvoice): void {
    this.byHash.set(invoice.paymentHash, invoice);
    while (this.byHash.size > MAX_INVOICES) this.byHash.delete(this.byHash.keys().next().value!);
  }

  get(paymentHash: string): LedgerInvoice | undefined {
    return this.byHash.get(paymentHash);
  }

  list(): LedgerInvoice[] {
    return [...this.byHash.values()].sort((a, b) => b.createdAt - a.createdAt);
  }

  onPaid(listener: PaidListener): void {
    this.listeners.push(listener);
  }

  /**
   * Pays an invoice of our node. Unknown invoices signed by our node key (for example the ones
   * inside demo notes) are accepted too. Paying twice is not an error: `alreadyPaid` says so.
   */
  async pay(bolt11: string): Promise<{ invoice: LedgerInvoice; alreadyPaid: boolean }> {
    const text = bolt11
      .trim()
      .toLowerCase()
      .replace(/^lightning:/, '');
    let decoded: ReturnType<typeof decode>;
    let payee: string;
    try {
      decoded = decode(text);
      payee = recoverInvoicePayee(text);
    } catch {
      throw new LedgerError('not a valid bolt11 invoice');
    }
    if (payee !== this.nodeId) throw new LedgerError('invoice is not from the devnet node');
    const section = (name: string) =>
      decoded.sections.find((s) => s.name === name) as { value?: unknown } | undefined;
    const paymentHash = String(section('payment_hash')?.value ?? '');
    let invoice = this.byHash.get(paymentHash);
    if (!invoice) {
      const timestamp = Number(section('timestamp')?.value ?? 0);
      const preimage = recoverNodePreimage(
        String(section('payment_secret')?.value ?? ''),
        paymentHash,
      );
      invoice = {
        bolt11: text,
        paymentHash,
        amountMsat: Number(section('amount')?.value ?? 0),
        createdAt: timestamp,
        expiresAt: timestamp + Number(decoded.expiry ?? 3600),
        status: 'open',
        ...(preimage ? { preimage } : {}),
      };
      this.remember(invoice);
    }
    if (invoice.status === 'paid') return { invoice, alreadyPaid: true };
    if (invoice.expiresAt < this.clock() && invoice.preimage)
      throw new LedgerError('invoice expired');
    invoice.status = 'paid';
    invoice.paidAt = this.clock();
    for (const listener of this.listeners) await listener(invoice);
    return { invoice, alreadyPaid: false };
  }
}

/** A payment the ledger refuses; the message is safe to show. */
export class LedgerError extends Error {
  override name = 'LedgerError';
}
