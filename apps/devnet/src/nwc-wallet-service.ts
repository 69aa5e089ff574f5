import { bytesToHex } from '@noble/hashes/utils.js';
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from '@swell/nostr';
import {
  encryptionOf,
  formatNwcUri,
  NwcKind,
  nwcDecrypt,
  nwcEncrypt,
  parseLightningInvoice,
  parseNwcRequest,
  type NwcEncryption,
} from '@swell/wallet';
import type { DevnetHost } from './host.ts';
import { LedgerError, type InvoiceLedger, type LedgerInvoice } from './invoice-ledger.ts';
import {
  fail,
  lightningNameOf,
  NWC_METHODS,
  NWC_NOTIFICATIONS,
  summary,
  type Answer,
  type Connection,
  type IncomingInvoice,
  type NwcConnectionSummary,
  type NwcEncryptionMode,
  type NwcMethod,
} from './nwc-connection.ts';
import { incomingView, issueIncoming, lookupInvoice, makeInvoice } from './nwc-incoming.ts';
import { zapReceiptTemplate } from './zap.ts';

export { NWC_METHODS, type NwcConnectionSummary, type NwcEncryptionMode, type NwcMethod };

const MAX_CONNECTIONS = 10_000;
const MAX_REMEMBERED_REQUESTS = 10_000;

/**
 * A NIP-47 wallet service over the server's own relay, paying from the devnet ledger. Each
 * connection has its own wallet key, balance, permissions (the methods it may use) and info
 * event (kind 13194, replaceable, stored by the relay), and hears requests (kind 23194) through
 * the server's live bus; answers (kind 23195) and notifications (23196 NIP-04, 23197 NIP-44:
 * `payment_received`, `payment_sent`) go out through ingestion, so relay subscribers receive
 * them. Requests in NIP-44 or NIP-04 (as the connection advertises) are answered in the same
 * scheme. Each connection also receives money: invoices it makes (`make_invoice`, looked up
 * with `lookup_invoice`) and its own lightning address (`lightningNameOf(walletPubkey)@host`,
 * whose zap receipts it signs with its wallet key). In memory: a restart forgets the
 * connections, like the ledger's open invoices.
 */
export class NwcWalletService {
  private readonly ledger: InvoiceLedger;
  private readonly host: DevnetHost;
  private readonly clock: () => number;
  private readonly connections = new Map<string, Connection>();
  /** Wallet pubkey by lightning address name. */
  private readonly byLightningName = new Map<string, string>();
  private readonly handled = new Set<string>();
  private unsubscribe: (() => void) | undefined;

  constructor(
    ledger: InvoiceLedger,
    host: DevnetHost,
    clock = () => Math.floor(Date.now() / 1000),
  ) {
    this.ledger = ledger;
    this.host = host;
    this.clock = clock;
    ledger.onPaid((invoice) => this.received(invoice));
  }

  /** Starts listening to requests on the live bus. */
  start(): void {
    this.unsubscribe ??= this.host.live.subscribe((event) => {
      if (event.kind !== NwcKind.request) return;
      const wallet = event.tags.find((t) => t[0] === 'p')?.[1];
      const connection = wallet === undefined ? undefined : this.connections.get(wallet);
      if (connection) {
        this.handle(event, connection).catch((err: unknown) =>
          this.host.log.warn({ err }, 'devnet wallet connect: request failed'),
        );
      }
    });
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /**
   * Creates a connection with its own wallet key, balance and permissions (`methods`, default
   * all), publishes its info event and returns the connection string (the only place the client
   * secret exists).
   */
  async createConnection(opts: {
    relayUrl: string;
    balanceMsat: number;
    encryption?: NwcEncryptionMode;
    lud16?: string;
    methods?: readonly NwcMethod[];
  }): Promise<{ uri: string; summary: NwcConnectionSummary }> {
    if (this.connections.size >= MAX_CONNECTIONS)
      throw new LedgerError('too many wallet connections');
    const walletSecretKey = generateSecretKey();
    const clientSecret = generateSecretKey();
    const walletPubkey = getPublicKey(walletSecretKey);
    const connection: Connection = {
      walletSecretKey,
      walletPubkey,
      clientPubkey: getPublicKey(clientSecret),
      encryption: opts.encryption ?? 'nip44_v2 nip04',
      methods: opts.methods
        ? NWC_METHODS.filter((m) => opts.methods!.includes(m))
        : [...NWC_METHODS],
      balanceMsat: opts.balanceMsat,
      createdAt: this.clock(),
      revoked: false,
      lightningName: lightningNameOf(walletPubkey),
      payments: new Map(),
      incoming: new Map(),
    };
    const tags = connection.encryption === 'nip04' ? [] : [['encryption', connection.encryption]];
    tags.push(['notifications', NWC_NOTIFICATIONS.join(' ')]);
    const info = finalizeEvent(
      {
        kind: NwcKind.info,
        created_at: this.clock(),
        tags,
        content: connection.methods.join(' '),
      },
      walletSecretKey,
    );
    const [result] = await this.host.ingest([info], { source: 'relay' });
    if (result?.status === 'rejected') {
      throw new Error(`the wallet's info event was rejected: ${result.message}`);
    }
    this.connections.set(connection.walletPubkey, connection);
    this.byLightningName.set(connection.lightningName, connection.walletPubkey);
    const uri = formatNwcUri({
      walletPubkey: connection.walletPubkey,
      relays: [opts.relayUrl],
      secret: bytesToHex(clientSecret),
      ...(opts.lud16 ? { lud16: opts.lud16 } : {}),
    });
    return { uri, summary: summary(connection) };
  }

  /** The connection whose lightning address is `<name>@host`, if any. */
  byLightningAddress(name: string): { walletPubkey: string; revoked: boolean } | undefined {
    const wallet = this.byLightningName.get(name);
    const c = wallet === undefined ? undefined : this.connections.get(wallet);
    return c && { walletPubkey: c.walletPubkey, revoked: c.revoked };
  }

  /** An invoice paid to the connection of lightning address `<name>@host` (its LNURL callback). */
  invoiceFor(
    name: string,
    opts: { amountMsat: number; description?: string; zapRequest?: NostrEvent },
  ): IncomingInvoice | undefined {
    const wallet = this.byLightningName.get(name);
    const c = wallet === undefined ? undefined : this.connections.get(wallet);
    if (!c || c.revoked) return undefined;
    return issueIncoming(this.ledger, c, opts);
  }

  get(walletPubkey: string): NwcConnectionSummary | undefined {
    const connection = this.connections.get(walletPubkey);
    return connection && summary(connection);
  }

  /** Revokes a connection: later requests are answered UNAUTHORIZED. */
  revoke(walletPubkey: string): boolean {
    const connection = this.connections.get(walletPubkey);
    if (!connection) return false;
    connection.revoked = true;
    return true;
  }

  private remember(id: string): boolean {
    if (this.handled.has(id)) return false;
    this.handled.add(id);
    if (this.handled.size > MAX_REMEMBERED_REQUESTS) {
      this.handled.delete(this.handled.values().next().value!);
    }
    return true;
  }

  private async handle(request: NostrEvent, connection: Connection): Promise<void> {
    if (!this.remember(request.id)) return;
    const expiration = Number(request.tags.find((t) => t[0] === 'expiration')?.[1]);
    if (Number.isFinite(expiration) && expiration < this.clock()) return; // NIP-47: ignore it
    const supported = connection.encryption.split(' ') as NwcEncryption[];
    const asked = encryptionOf(request);
    const scheme = (supported as string[]).includes(asked) ? (asked as NwcEncryption) : undefined;
    // Like a wallet without that scheme, a request in a refused scheme is not read: the answer
    // names the request (e tag) but cannot name its method.
    let parsed;
    if (scheme) {
      try {
        parsed = parseNwcRequest(
          nwcDecrypt(connection.walletSecretKey, request.pubkey, request.content),
        );
      } catch {
        parsed = undefined;
      }
    }
    const method = parsed?.method ?? '';
    let answer: Answer;
    if (!scheme) {
      answer = fail(
        'UNSUPPORTED_ENCRYPTION',
        `This wallet speaks ${supported.join(' and ')} only.`,
      );
    } else if (request.pubkey !== connection.clientPubkey || connection.revoked) {
      answer = fail('UNAUTHORIZED', 'This key has no wallet connected.');
    } else if (!parsed) {
      answer = fail('OTHER', 'The request could not be decrypted or read.');
    } else if (
      (NWC_METHODS as readonly string[]).includes(parsed.method) &&
      !(connection.methods as string[]).includes(parsed.method)
    ) {
      answer = fail('RESTRICTED', `This connection may not use ${parsed.method}.`);
    } else {
      answer = await this.answer(connection, parsed.method, parsed.params);
    }
    // An unsupported scheme is answered in one the wallet speaks (the client tells them apart).
    await this.respond(
      connection,
      request,
      method,
      answer,
      scheme ?? supported[supported.length - 1]!,
    );
  }

  private async answer(
    connection: Connection,
    method: string,
    params: Record<string, unknown>,
  ): Promise<Answer> {
    switch (method) {
      case 'pay_invoice':
        return this.payInvoice(connection, params);
      case 'get_balance':
        return { result: { balance: connection.balanceMsat } };
      case 'get_info':
        return {
          result: {
            alias: 'Swell devnet wallet',
            color: '#f7931a',
            pubkey: this.ledger.nodeId,
            network: 'regtest',
            block_height: 1,
            block_hash: '0'.repeat(64),
            methods: [...connection.methods],
            notifications: [...NWC_NOTIFICATIONS],
          },
        };
      case 'make_invoice':
        return makeInvoice(this.ledger, connection, params, this.clock());
      case 'lookup_invoice':
        return lookupInvoice(connection, params, this.clock());
      default:
        return fail('NOT_IMPLEMENTED', `${method} is not offered by the devnet wallet.`);
    }
  }

  private async payInvoice(
    connection: Connection,
    params: Record<string, unknown>,
  ): Promise<Answer> {
    const text = params.invoice;
    const invoice = typeof text === 'string' ? parseLightningInvoice(text) : undefined;
    if (!invoice) return fail('OTHER', 'params.invoice must be a bolt11 invoice.');
    const earlier = connection.payments.get(invoice.paymentHash);
    if (earlier) return { result: { preimage: earlier.preimage, fees_paid: 0 } };
    const amount = invoice.amountMsat ?? params.amount;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
      return fail('OTHER', 'The invoice names no amount: pass params.amount in millisats.');
    }
    if (amount > connection.balanceMsat) {
      return fail(
        'INSUFFICIENT_BALANCE',
        `The balance is ${Math.floor(connection.balanceMsat / 1000)} sats; this payment needs ${Math.ceil(amount / 1000)}.`,
      );
    }
    connection.balanceMsat -= amount; // held while the ledger settles
    try {
      const { invoice: paid, alreadyPaid } = await this.ledger.pay(invoice.invoice);
      if (alreadyPaid) {
        connection.balanceMsat += amount;
        return fail('PAYMENT_FAILED', 'This invoice has already been paid.');
      }
      if (!paid.preimage) {
        // Paid, but the node cannot prove it: a wallet still reports success; the devnet says so.
        this.host.log.warn(
          { paymentHash: paid.paymentHash },
          'devnet wallet paid an invoice without a known preimage',
        );
        connection.balanceMsat += amount;
        return fail('PAYMENT_FAILED', 'The devnet node does not know this invoice.');
      }
      const paidAt = this.clock();
      connection.payments.set(invoice.paymentHash, {
        preimage: paid.preimage,
        amountMsat: amount,
        paidAt,
        bolt11: invoice.invoice,
      });
      await this.notify(connection, 'payment_sent', {
        type: 'outgoing',
        state: 'settled',
        invoice: invoice.invoice,
        payment_hash: invoice.paymentHash,
        preimage: paid.preimage,
        amount,
        fees_paid: 0,
        created_at: paidAt,
        settled_at: paidAt,
        metadata: {},
      });
      return { result: { preimage: paid.preimage, fees_paid: 0 } };
    } catch (err) {
      connection.balanceMsat += amount;
      if (err instanceof LedgerError) return fail('PAYMENT_FAILED', err.message);
      this.host.log.warn({ err }, 'devnet wallet connect: payment failed');
      return fail('INTERNAL', 'The payment failed inside the devnet.');
    }
  }

  /**
   * The ledger's listener: an invoice of one of our connections was paid. The connection is
   * credited, told (`payment_received`), and a zap's receipt is signed with its wallet key.
   */
  private async received(paid: LedgerInvoice): Promise<void> {
    const connection = paid.owner === undefined ? undefined : this.connections.get(paid.owner);
    if (!connection) return;
    let incoming = connection.incoming.get(paid.paymentHash);
    if (!incoming) {
      // Forgotten (the oldest go first): credited all the same.
      incoming = {
        bolt11: paid.bolt11,
        paymentHash: paid.paymentHash,
        amountMsat: paid.amountMsat,
        description: paid.description ?? '',
        createdAt: paid.createdAt,
        expiresAt: paid.expiresAt,
        preimage: paid.preimage ?? '',
      };
    }
    if (incoming.settledAt !== undefined) return;
    const settledAt = paid.paidAt ?? this.clock();
    incoming.settledAt = settledAt;
    connection.balanceMsat += paid.amountMsat;
    if (paid.zapRequest) {
      const receipt = finalizeEvent(
        zapReceiptTemplate({
          zapRequest: paid.zapRequest,
          bolt11: paid.bolt11,
          ...(paid.preimage ? { preimage: paid.preimage } : {}),
          paidAt: settledAt,
        }),
        connection.walletSecretKey,
      );
      const [result] = await this.host.ingest([receipt], { source: 'relay' });
      if (result?.status === 'rejected')
        this.host.log.warn({ reason: result.message }, 'devnet wallet zap receipt was rejected');
    }
    await this.notify(connection, 'payment_received', incomingView(incoming, this.clock()));
  }

  /** A NIP-47 notification, in each scheme the connection speaks (23197 NIP-44, 23196 NIP-04). */
  private async notify(
    connection: Connection,
    type: (typeof NWC_NOTIFICATIONS)[number],
    notification: Record<string, unknown>,
  ): Promise<void> {
    const body = JSON.stringify({ notification_type: type, notification });
    const events = (connection.encryption.split(' ') as NwcEncryption[]).map((scheme) =>
      finalizeEvent(
        {
          kind: scheme === 'nip44_v2' ? NwcKind.notification : NwcKind.notificationNip04,
          created_at: this.clock(),
          tags: [['p', connection.clientPubkey]],
          content: nwcEncrypt(scheme, connection.walletSecretKey, connection.clientPubkey, body),
        },
        connection.walletSecretKey,
      ),
    );
    const results = await this.host.ingest(events, { source: 'relay' });
    for (const r of results)
      if (r.status === 'rejected')
        this.host.log.warn({ reason: r.message }, 'devnet wallet connect: notification rejected');
  }

  private async respond(
    connection: Connection,
    request: NostrEvent,
    method: string,
    answer: Answer,
    scheme: NwcEncryption,
  ): Promise<void> {
    const body =
      'result' in answer
        ? { result_type: method, error: null, result: answer.result }
        : { result_type: method, error: answer.error, result: null };
    const response = finalizeEvent(
      {
        kind: NwcKind.response,
        created_at: this.clock(),
        tags: [
          ['p', request.pubkey],
          ['e', request.id],
        ],
        content: nwcEncrypt(
          scheme,
          connection.walletSecretKey,
          request.pubkey,
          JSON.stringify(body),
        ),
      },
      connection.walletSecretKey,
    );
    const [result] = await this.host.ingest([response], { source: 'relay' });
    if (result?.status === 'rejected') {
      this.host.log.warn({ reason: result.message }, 'devnet wallet connect: response rejected');
    }
  }
}
