import type { FastifyBaseLogger } from 'fastify';
import {
  isPaymentError,
  NwcKind,
  nwcDecrypt,
  parseLightningInvoice,
  type TransportSubscription,
} from '@swell/wallet';
import type { Store } from '../store/store.ts';
import type { ExchangeRateSource } from './exchange-rate.ts';
import { MembershipError } from './membership-service.ts';
import { NwcInvoices, type NwcInvoice } from './nwc-invoices.ts';
import { checkNwcConnection, type NwcSetup } from './nwc-setup.ts';
import type { PaidInvoice, PaymentProvider, ProvidedInvoice } from './payment-provider.ts';

/** How often open invoices are looked up: with notifications as a safety net, without as the way. */
export const NWC_POLL_MS = { withNotifications: 30_000, without: 5_000 };
/** A payment may land just before expiry and be reported late: expired invoices are asked this long. */
const EXPIRED_GRACE_SECONDS = 600;
/** Open invoices looked up per round (least recently checked first). */
const LOOKUPS_PER_ROUND = 100;
/** `invoiceStatus` asks the wallet again when the last look is older than this. */
const STATUS_RECHECK_SECONDS = 5;
/** Waits before subscribing to notifications again after the relay went away. */
const RESUBSCRIBE_MS = [1000, 2000, 5000, 10_000, 30_000];
const UNAVAILABLE = 'the payment service is unavailable, try again later';

const HEX64 = /^[0-9a-f]{64}$/;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface NwcPaymentsOptions {
  /** The operator's connection string (SWELL_NWC_URL). A secret: never logged. */
  uri: string;
  store: Pick<Store, 'db'>;
  rates: ExchangeRateSource;
  log: FastifyBaseLogger;
  clock?: () => number;
  pollMs?: { withNotifications: number; without: number };
  /** Time-out of each request to the wallet (and of the checks at start). */
  timeoutMs?: number;
}

/**
 * Membership payments into the operator's own wallet over Nostr Wallet Connect (NIP-47): each
 * quote is an invoice of that wallet (`make_invoice`); a payment is seen by the wallet's
 * `payment_received` notification (kinds 23196/23197) when it sends them, and by looking open
 * invoices up (`lookup_invoice`) every few seconds without them (every 30 s with them, and
 * whenever a buyer's purchase monitor asks). Every state change of an invoice is written first
 * (nwc-invoices.ts): at start the server tells the membership of paid invoices it had not told,
 * and looks up every open one, so a payment made while the server was stopped is found.
 * Prices come from the exchange rate source.
 */
export class NwcPayments implements PaymentProvider {
  readonly name = 'nwc';
  private readonly setup: NwcSetup;
  private readonly invoices: NwcInvoices;
  private readonly rates: ExchangeRateSource;
  private readonly log: FastifyBaseLogger;
  private readonly clock: () => number;
  private readonly pollMs: number;
  private readonly timeoutMs: number;
  private readonly secretKey: Uint8Array;
  private listener: ((payment: PaidInvoice) => Promise<void>) | undefined;
  private subscription: TransportSubscription | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private resubscribeTimer: ReturnType<typeof setTimeout> | undefined;
  private resubscribes = 0;
  private polling: Promise<void> | undefined;
  private readonly lookups = new Map<string, Promise<void>>();
  private readonly delivering = new Set<string>();
  private closed = false;

  private constructor(setup: NwcSetup, opts: NwcPaymentsOptions) {
    this.setup = setup;
    this.invoices = new NwcInvoices(opts.store);
    this.rates = opts.rates;
    this.log = opts.log;
    this.clock = opts.clock ?? nowSeconds;
    const poll = opts.pollMs ?? NWC_POLL_MS;
    this.pollMs = setup.notifies ? poll.withNotifications : poll.without;
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    this.secretKey = Uint8Array.from(Buffer.from(setup.connection.secret, 'hex'));
  }

  /**
   * Checks the connection (nwc-setup.ts) and the exchange rate configuration; throws a
   * `NwcSetupError` (or an Error) saying what is wrong. Payments are watched once a listener is
   * registered (`onPaid`).
   */
  static async connect(opts: NwcPaymentsOptions): Promise<NwcPayments> {
    if (!opts.rates.configured)
      throw new Error(
        'SWELL_NWC_URL needs an exchange rate for the dollar prices: set SWELL_EXCHANGE_RATE_URL or SWELL_USD_PER_BTC',
      );
    const setup = await checkNwcConnection(opts.uri, {
      ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    });
    return new NwcPayments(setup, opts);
  }

  /** The wallet's public key (for logs; not a secret). */
  get walletPubkey(): string {
    return this.setup.connection.walletPubkey;
  }

  usdPerBtc(): Promise<number> {
    return this.rates.usdPerBtc().catch((err: unknown) => {
      throw new MembershipError((err as Error).message);
    });
  }

  async createInvoice(opts: {
    amountMsat: number;
    description: string;
    expirySeconds: number;
  }): Promise<ProvidedInvoice> {
    let result: Record<string, unknown>;
    try {
      result = await this.setup.client.request(
        'make_invoice',
        { amount: opts.amountMsat, description: opts.description, expiry: opts.expirySeconds },
        { timeoutMs: this.timeoutMs },
      );
    } catch (err) {
      this.log.warn(
        { err: isPaymentError(err) ? `${err.walletCode ?? err.code}: ${err.message}` : err },
        'the wallet did not make an invoice',
      );
      throw new MembershipError(UNAVAILABLE);
    }
    const bolt11 = typeof result.invoice === 'string' ? result.invoice : '';
    const parsed = parseLightningInvoice(bolt11);
    const hash = typeof result.payment_hash === 'string' ? result.payment_hash.toLowerCase() : '';
    if (
      !parsed ||
      parsed.amountMsat !== opts.amountMsat ||
      (hash !== '' && hash !== parsed.paymentHash) ||
      !HEX64.test(parsed.paymentHash)
    ) {
      this.log.warn('the wallet answered make_invoice with an invoice that does not fit');
      throw new MembershipError(UNAVAILABLE);
    }
    const invoice: ProvidedInvoice = {
      bolt11: parsed.invoice,
      paymentHash: parsed.paymentHash,
      expiresAt: parsed.expiresAt,
    };
    await this.invoices.add({
      paymentHash: invoice.paymentHash,
      wallet: this.walletPubkey,
      bolt11: invoice.bolt11,
      amountMsat: opts.amountMsat,
      createdAt: this.clock(),
      expiresAt: invoice.expiresAt,
    });
    return invoice;
  }

  onPaid(listener: (payment: PaidInvoice) => Promise<void>): void {
    this.listener = listener;
    this.start();
  }

  async invoiceStatus(paymentHash: string): Promise<'open' | 'paid' | 'expired' | 'unknown'> {
    let row = await this.invoices.get(paymentHash);
    if (!row) return 'unknown';
    if (row.state === 'open' && this.clock() - row.checkedAt >= STATUS_RECHECK_SECONDS) {
      await this.lookup(row);
      row = (await this.invoices.get(paymentHash)) ?? row;
    }
    if (row.state === 'paid') return 'paid';
    return row.state === 'expired' || row.expiresAt <= this.clock() ? 'expired' : 'open';
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.pollTimer);
    clearTimeout(this.resubscribeTimer);
    this.subscription?.close();
    await this.polling?.catch(() => {});
    this.setup.transport.close();
  }

  // ---- watching ----------------------------------------------------------------------------

  private start(): void {
    if (this.pollTimer || this.closed) return;
    this.subscribe();
    this.pollTimer = setInterval(() => void this.poll(), this.pollMs);
    this.pollTimer.unref();
    void this.poll();
  }

  /** Notifications of this connection; a relay that goes away is subscribed to again, then polled. */
  private subscribe(): void {
    if (!this.setup.notifies || this.closed) return;
    const { connection } = this.setup;
    const sub = this.setup.transport.subscribe(
      [
        {
          kinds: [NwcKind.notification, NwcKind.notificationNip04],
          authors: [connection.walletPubkey],
          '#p': [this.setup.client.clientPubkey],
          since: this.clock() - 60,
        },
      ],
      {
        relays: connection.relays,
        onEvent: (event) => {
          this.resubscribes = 0;
          void this.onNotification(event.content).catch((err: unknown) =>
            this.log.warn({ err }, 'wallet notification not handled'),
          );
        },
        onClose: (reason) => {
          if (this.subscription === sub) this.subscription = undefined;
          if (this.closed) return;
          const wait = RESUBSCRIBE_MS[Math.min(this.resubscribes++, RESUBSCRIBE_MS.length - 1)]!;
          this.log.warn({ reason, waitMs: wait }, "the wallet's relay went away");
          this.resubscribeTimer = setTimeout(() => {
            this.subscribe();
            void this.poll(); // notifications sent meanwhile are lost: ask
          }, wait);
          this.resubscribeTimer.unref();
        },
      },
    );
    this.subscription = sub;
  }

  private async onNotification(content: string): Promise<void> {
    let body: { notification_type?: unknown; notification?: Record<string, unknown> };
    try {
      body = JSON.parse(nwcDecrypt(this.secretKey, this.walletPubkey, content)) as typeof body;
    } catch {
      return; // not for this connection, or garbled
    }
    if (body.notification_type !== 'payment_received') return;
    const n = body.notification ?? {};
    const hash = typeof n.payment_hash === 'string' ? n.payment_hash.toLowerCase() : '';
    if (!HEX64.test(hash)) return;
    const row = await this.invoices.get(hash);
    if (!row || row.state === 'paid') return; // not ours (the wallet's other income), or known
    const settledAt = typeof n.settled_at === 'number' ? n.settled_at : this.clock();
    await this.paid(row, settledAt);
  }

  /** One round: tell what was not told, then look up open invoices. */
  private poll(): Promise<void> {
    this.polling ??= (async () => {
      try {
        for (const row of await this.invoices.undelivered(LOOKUPS_PER_ROUND)) {
          if (this.closed) return;
          await this.deliver(row);
        }
        const now = this.clock();
        await this.invoices.expire(now - EXPIRED_GRACE_SECONDS);
        const open = await this.invoices.open(
          this.walletPubkey,
          now - EXPIRED_GRACE_SECONDS,
          LOOKUPS_PER_ROUND,
        );
        for (const row of open) {
          if (this.closed) return;
          await this.lookup(row);
        }
      } catch (err) {
        if (!this.closed) this.log.warn({ err }, 'looking up open invoices failed');
      }
    })().finally(() => (this.polling = undefined));
    return this.polling;
  }

  /** `lookup_invoice` of one invoice (one at a time per invoice); a settled one is applied. */
  private lookup(row: NwcInvoice): Promise<void> {
    const running = this.lookups.get(row.paymentHash);
    if (running) return running;
    const p = (async () => {
      let result: Record<string, unknown>;
      try {
        result = await this.setup.client.request(
          'lookup_invoice',
          { payment_hash: row.paymentHash },
          { timeoutMs: this.timeoutMs },
        );
      } catch (err) {
        this.log.debug(
          { err: isPaymentError(err) ? err.message : err, paymentHash: row.paymentHash },
          'lookup_invoice failed',
        );
        return;
      } finally {
        await this.invoices.markChecked(row.paymentHash, this.clock()).catch(() => {});
      }
      const settledAt = typeof result.settled_at === 'number' ? result.settled_at : undefined;
      if (result.state === 'settled' || settledAt !== undefined) {
        await this.paid(row, settledAt ?? this.clock());
      } else if (result.state === 'expired' || result.state === 'failed') {
        await this.invoices.markExpired(row.paymentHash);
      }
    })().finally(() => this.lookups.delete(row.paymentHash));
    this.lookups.set(row.paymentHash, p);
    return p;
  }

  /** The wallet says `row` was paid: stored first, then the membership is told. */
  private async paid(row: NwcInvoice, settledAt: number): Promise<void> {
    if (await this.invoices.markPaid(row.paymentHash, settledAt)) {
      this.log.info(
        { paymentHash: row.paymentHash, amountMsat: row.amountMsat },
        'membership payment received',
      );
      await this.deliver({ ...row, state: 'paid', settledAt });
      return;
    }
    // Paid already (the notification and a lookup both saw it): told unless it was.
    const stored = await this.invoices.get(row.paymentHash);
    if (stored && stored.deliveredAt === null) await this.deliver(stored);
  }

  private async deliver(row: NwcInvoice): Promise<void> {
    if (!this.listener || this.delivering.has(row.paymentHash)) return;
    this.delivering.add(row.paymentHash);
    try {
      await this.listener({
        paymentHash: row.paymentHash,
        paidAt: row.settledAt ?? this.clock(),
        amountMsat: row.amountMsat,
      });
      await this.invoices.markDelivered(row.paymentHash, this.clock());
    } finally {
      this.delivering.delete(row.paymentHash);
    }
  }
}
