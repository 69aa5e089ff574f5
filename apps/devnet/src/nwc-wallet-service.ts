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
  type NwcErrorCode,
} from '@swell/wallet';
import type { DevnetHost } from './host.ts';
import { LedgerError, type InvoiceLedger } from './invoice-ledger.ts';

/** What a connection's info event advertises: both schemes, NIP-44 only, or a legacy NIP-04 wallet. */
export type NwcEncryptionMode = 'nip44_v2 nip04' | 'nip44_v2' | 'nip04';

export const NWC_METHODS = ['pay_invoice', 'get_balance', 'get_info'] as const;
const MAX_CONNECTIONS = 10_000;
const MAX_REMEMBERED_REQUESTS = 10_000;

interface Connection {
  walletSecretKey: Uint8Array;
  walletPubkey: string;
  /** The pubkey of the secret handed out in the URI (the secret itself is not kept, NIP-47). */
  clientPubkey: string;
  encryption: NwcEncryptionMode;
  balanceMsat: number;
  createdAt: number;
  revoked: boolean;
  /** Payments made through this connection, by payment hash. */
  payments: Map<string, { preimage: string; amountMsat: number; paidAt: number }>;
}

export interface NwcConnectionSummary {
  walletPubkey: string;
  clientPubkey: string;
  encryption: NwcEncryptionMode;
  balanceMsat: number;
  createdAt: number;
  revoked: boolean;
  payments: Array<{ paymentHash: string; amountMsat: number; paidAt: number }>;
}

type Answer =
  { result: Record<string, unknown> } | { error: { code: NwcErrorCode; message: string } };

const fail = (code: NwcErrorCode, message: string): Answer => ({ error: { code, message } });

/**
 * A NIP-47 wallet service over the server's own relay, paying from the devnet ledger. Each
 * connection has its own wallet key, balance and info event (kind 13194, replaceable, stored
 * by the relay), and hears requests (kind 23194) through the server's live bus; answers
 * (kind 23195) go back through ingestion, so relay subscribers receive them. Requests in NIP-44
 * or NIP-04 (as the connection advertises) are answered in the same scheme. In memory: a restart
 * forgets the connections, like the ledger's open invoices.
 */
export class NwcWalletService {
  private readonly ledger: InvoiceLedger;
  private readonly host: DevnetHost;
  private readonly clock: () => number;
  private readonly connections = new Map<string, Connection>();
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
   * Creates a connection with its own wallet key and balance, publishes its info event and
   * returns the connection string (the only place the client secret exists).
   */
  async createConnection(opts: {
    relayUrl: string;
    balanceMsat: number;
    encryption?: NwcEncryptionMode;
    lud16?: string;
  }): Promise<{ uri: string; summary: NwcConnectionSummary }> {
    if (this.connections.size >= MAX_CONNECTIONS)
      throw new LedgerError('too many wallet connections');
    const walletSecretKey = generateSecretKey();
    const clientSecret = generateSecretKey();
    const connection: Connection = {
      walletSecretKey,
      walletPubkey: getPublicKey(walletSecretKey),
      clientPubkey: getPublicKey(clientSecret),
      encryption: opts.encryption ?? 'nip44_v2 nip04',
      balanceMsat: opts.balanceMsat,
      createdAt: this.clock(),
      revoked: false,
      payments: new Map(),
    };
    const tags = connection.encryption === 'nip04' ? [] : [['encryption', connection.encryption]];
    const info = finalizeEvent(
      { kind: NwcKind.info, created_at: this.clock(), tags, content: NWC_METHODS.join(' ') },
      walletSecretKey,
    );
    const [result] = await this.host.ingest([info], { source: 'relay' });
    if (result?.status === 'rejected') {
      throw new Error(`the wallet's info event was rejected: ${result.message}`);
    }
    this.connections.set(connection.walletPubkey, connection);
    const uri = formatNwcUri({
      walletPubkey: connection.walletPubkey,
      relays: [opts.relayUrl],
      secret: bytesToHex(clientSecret),
      ...(opts.lud16 ? { lud16: opts.lud16 } : {}),
    });
    return { uri, summary: this.summary(connection) };
  }

  get(walletPubkey: string): NwcConnectionSummary | undefined {
    const connection = this.connections.get(walletPubkey);
    return connection && this.summary(connection);
  }

  /** Revokes a connection: later requests are answered UNAUTHORIZED. */
  revoke(walletPubkey: string): boolean {
    const connection = this.connections.get(walletPubkey);
    if (!connection) return false;
    connection.revoked = true;
    return true;
  }

  private summary(c: Connection): NwcConnectionSummary {
    return {
      walletPubkey: c.walletPubkey,
      clientPubkey: c.clientPubkey,
      encryption: c.encryption,
      balanceMsat: c.balanceMsat,
      createdAt: c.createdAt,
      revoked: c.revoked,
      payments: [...c.payments].map(([paymentHash, p]) => ({
        paymentHash,
        amountMsat: p.amountMsat,
        paidAt: p.paidAt,
      })),
    };
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
            methods: [...NWC_METHODS],
            notifications: [],
          },
        };
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
      connection.payments.set(invoice.paymentHash, {
        preimage: paid.preimage,
        amountMsat: amount,
        paidAt: this.clock(),
      });
      return { result: { preimage: paid.preimage, fees_paid: 0 } };
    } catch (err) {
      connection.balanceMsat += amount;
      if (err instanceof LedgerError) return fail('PAYMENT_FAILED', err.message);
      this.host.log.warn({ err }, 'devnet wallet connect: payment failed');
      return fail('INTERNAL', 'The payment failed inside the devnet.');
    }
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
