import { hexToBytes } from '@noble/hashes/utils.js';
import { finalizeEvent, getPublicKey, type NostrEvent } from '@swell/nostr';
import { abortable } from '../abortable.ts';
import { PaymentError, type PaymentErrorCode } from '../payer.ts';
import {
  chooseEncryption,
  NwcKind,
  nwcDecrypt,
  nwcEncrypt,
  parseNwcInfo,
  parseNwcResponse,
  type NwcEncryption,
  type NwcInfo,
} from './nwc-protocol.ts';
import type { NwcConnection } from './nwc-uri.ts';
import type { RelayTransport, TransportSubscription } from './relay-transport.ts';

export interface NwcClientOptions {
  transport: RelayTransport;
  /** Time-out of `pay_invoice` (a payment may need a while to route). Default 60 s. */
  payTimeoutMs?: number;
  /** Time-out of the other requests. Default 15 s. */
  timeoutMs?: number;
  /** Unix seconds now (tests). */
  now?: () => number;
}

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** What `get_info` tells about the wallet (NIP-47). */
export interface NwcWalletInfo {
  alias?: string;
  color?: string;
  pubkey?: string;
  network?: string;
  blockHeight?: number;
  methods: string[];
  notifications: string[];
}

/** Maps a NIP-47 error code to what the app shows. */
function paymentCodeOf(walletCode: string): PaymentErrorCode {
  switch (walletCode) {
    case 'INSUFFICIENT_BALANCE':
      return 'insufficient_balance';
    case 'QUOTA_EXCEEDED':
      return 'quota_exceeded';
    case 'RESTRICTED':
      return 'rejected';
    case 'UNAUTHORIZED':
      return 'unauthorized';
    default:
      return 'wallet_error';
  }
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/**
 * A Nostr Wallet Connect (NIP-47) client for one connection: encrypted requests (kind 23194)
 * signed with the connection's secret, answers (kind 23195) matched to them. NIP-44 is used
 * when the wallet's info event (kind 13194) advertises `nip44_v2`, NIP-04 otherwise (and after
 * an `UNSUPPORTED_ENCRYPTION` answer). Every failure is a `PaymentError`: the wallet's error
 * codes are kept in `walletCode` and its message in `message`.
 */
export class NwcClient {
  readonly connection: NwcConnection;
  /** This connection's client public key (authors the requests). */
  readonly clientPubkey: string;
  private readonly secretKey: Uint8Array;
  private readonly transport: RelayTransport;
  private readonly payTimeoutMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private infoPromise: Promise<NwcInfo | undefined> | undefined;
  private scheme: NwcEncryption | undefined;

  constructor(connection: NwcConnection, options: NwcClientOptions) {
    this.connection = connection;
    this.secretKey = hexToBytes(connection.secret);
    this.clientPubkey = getPublicKey(this.secretKey);
    this.transport = options.transport;
    this.payTimeoutMs = options.payTimeoutMs ?? 60_000;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
  }

  /**
   * The wallet's info event (methods, encryption schemes), or undefined when the wallet has
   * published none. Fetched once per client; rejects with `unreachable` when no relay answers.
   */
  walletInfo(options: { signal?: AbortSignal } = {}): Promise<NwcInfo | undefined> {
    this.infoPromise ??= this.fetchInfo().catch((err: unknown) => {
      this.infoPromise = undefined;
      throw err;
    });
    return abortable(this.infoPromise, options.signal, () => new PaymentError('aborted'));
  }

  private fetchInfo(): Promise<NwcInfo | undefined> {
    return new Promise((resolve, reject) => {
      let newest: NostrEvent | undefined;
      let done = false;
      let sub: TransportSubscription | undefined = undefined;
      const finish = (outcome: () => void) => {
        if (done) return;
        done = true;
        sub?.close();
        outcome();
      };
      sub = this.transport.subscribe(
        [{ kinds: [NwcKind.info], authors: [this.connection.walletPubkey], limit: 1 }],
        {
          relays: this.connection.relays,
          onEvent: (e) => {
            if (!newest || e.created_at > newest.created_at) newest = e;
          },
          onEose: () => finish(() => resolve(newest ? parseNwcInfo(newest) : undefined)),
          onClose: (reason) =>
            finish(() =>
              newest
                ? resolve(parseNwcInfo(newest))
                : reject(
                    new PaymentError(
                      'unreachable',
                      `The wallet's relay could not be reached (${reason}).`,
                    ),
                  ),
            ),
        },
      );
      if (done) sub.close();
    });
  }

  /**
   * Sends one request and resolves with the wallet's `result`. Rejects with a `PaymentError`:
   * the wallet's error, `timeout` (the request carries an `expiration` at the same moment, so a
   * wallet that honours it will not act on it later), `unreachable` or `aborted`.
   */
  async request(
    method: string,
    params: Record<string, unknown>,
    options: RequestOptions = {},
  ): Promise<Record<string, unknown>> {
    const info = await this.walletInfo(options);
    if (info && info.methods.length > 0 && !info.methods.includes(method)) {
      throw new PaymentError('wallet_error', `The wallet does not offer ${method}.`, {
        walletCode: 'NOT_IMPLEMENTED',
      });
    }
    const scheme = this.scheme ?? chooseEncryption(info);
    try {
      return await this.send(method, params, scheme, options);
    } catch (err) {
      if (
        err instanceof PaymentError &&
        err.walletCode === 'UNSUPPORTED_ENCRYPTION' &&
        scheme === 'nip44_v2'
      ) {
        this.scheme = 'nip04';
        return this.send(method, params, 'nip04', options);
      }
      throw err;
    }
  }

  private send(
    method: string,
    params: Record<string, unknown>,
    scheme: NwcEncryption,
    options: RequestOptions,
  ): Promise<Record<string, unknown>> {
    const timeoutMs =
      options.timeoutMs ?? (method === 'pay_invoice' ? this.payTimeoutMs : this.timeoutMs);
    const wallet = this.connection.walletPubkey;
    const createdAt = this.now();
    const tags = [['p', wallet]];
    if (scheme === 'nip44_v2') tags.push(['encryption', 'nip44_v2']);
    tags.push(['expiration', String(createdAt + Math.ceil(timeoutMs / 1000))]);
    let request: NostrEvent;
    try {
      request = finalizeEvent(
        {
          kind: NwcKind.request,
          created_at: createdAt,
          tags,
          content: nwcEncrypt(scheme, this.secretKey, wallet, JSON.stringify({ method, params })),
        },
        this.secretKey,
      );
    } catch (err) {
      return Promise.reject(
        new PaymentError('wallet_error', 'The request to the wallet could not be encrypted.', {
          cause: err,
        }),
      );
    }
    if (options.signal?.aborted) return Promise.reject(new PaymentError('aborted'));
    return new Promise((resolve, reject) => {
      let done = false;
      let published = false;
      let sub: TransportSubscription | undefined = undefined;
      const finish = (err: PaymentError | undefined, result?: Record<string, unknown>) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        sub?.close();
        if (err) reject(err);
        else resolve(result!);
      };
      const onAbort = () =>
        finish(
          new PaymentError(
            'aborted',
            method === 'pay_invoice'
              ? 'Stopped waiting for the wallet; the payment may still complete.'
              : undefined,
          ),
        );
      const timer = setTimeout(
        () =>
          finish(
            new PaymentError(
              'timeout',
              method === 'pay_invoice' ? undefined : `The wallet did not answer ${method} in time.`,
            ),
          ),
        timeoutMs,
      );
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const publish = () => {
        if (published || done) return;
        published = true;
        this.transport
          .publish(request, this.connection.relays)
          .catch((err: unknown) =>
            finish(
              new PaymentError(
                'unreachable',
                `The wallet's relay did not take the request (${(err as Error).message}).`,
                { cause: err },
              ),
            ),
          );
      };
      sub = this.transport.subscribe(
        [{ kinds: [NwcKind.response], authors: [wallet], '#p': [this.clientPubkey] }],
        {
          relays: this.connection.relays,
          onEvent: (event) => {
            const e = event.tags.find((t) => t[0] === 'e')?.[1];
            if (e !== undefined && e !== request.id) return;
            let response;
            try {
              response = parseNwcResponse(nwcDecrypt(this.secretKey, wallet, event.content));
            } catch {
              return; // not for us, or garbled: keep waiting
            }
            if (!response) return;
            // An answer naming our request is ours, even an error from a wallet that could not
            // read which method it was (UNSUPPORTED_ENCRYPTION); without an e tag, the method
            // and the time must fit.
            if (
              e === undefined &&
              (response.result_type !== method || event.created_at < createdAt)
            )
              return;
            if (e !== undefined && response.result_type !== method && !response.error) return;
            if (response.error) {
              const code = response.error.code;
              finish(
                new PaymentError(paymentCodeOf(code), response.error.message || undefined, {
                  walletCode: code,
                }),
              );
            } else if (response.result) finish(undefined, response.result);
            else finish(new PaymentError('wallet_error', 'The wallet answered without a result.'));
          },
          // Send once the subscription is in place: answers are ephemeral, never stored.
          onEose: publish,
          onClose: (reason) =>
            finish(
              new PaymentError(
                'unreachable',
                `The wallet's relay could not be reached (${reason}).`,
              ),
            ),
        },
      );
      if (done) sub.close();
    });
  }

  /** Pays an invoice (`amountMsat` only for invoices without an amount). */
  async payInvoice(
    invoice: string,
    options: RequestOptions & { amountMsat?: number } = {},
  ): Promise<{ preimage: string; feesPaidMsat?: number }> {
    const params: Record<string, unknown> = { invoice };
    if (options.amountMsat !== undefined) params.amount = options.amountMsat;
    const result = await this.request('pay_invoice', params, options);
    const preimage = result.preimage;
    if (typeof preimage !== 'string' || preimage === '') {
      throw new PaymentError(
        'wallet_error',
        'The wallet gave no proof of payment: check it before paying again.',
      );
    }
    const fees = result.fees_paid;
    return {
      preimage: preimage.toLowerCase(),
      ...(typeof fees === 'number' && Number.isFinite(fees) ? { feesPaidMsat: fees } : {}),
    };
  }

  async getBalance(options: RequestOptions = {}): Promise<{ balanceMsat: number }> {
    const result = await this.request('get_balance', {}, options);
    const balance = result.balance;
    if (typeof balance !== 'number' || !Number.isFinite(balance)) {
      throw new PaymentError('wallet_error', 'The wallet answered get_balance without a balance.');
    }
    return { balanceMsat: balance };
  }

  async getInfo(options: RequestOptions = {}): Promise<NwcWalletInfo> {
    const r = await this.request('get_info', {}, options);
    const info: NwcWalletInfo = {
      methods: strings(r.methods),
      notifications: strings(r.notifications),
    };
    if (typeof r.alias === 'string') info.alias = r.alias;
    if (typeof r.color === 'string') info.color = r.color;
    if (typeof r.pubkey === 'string') info.pubkey = r.pubkey;
    if (typeof r.network === 'string') info.network = r.network;
    if (typeof r.block_height === 'number') info.blockHeight = r.block_height;
    return info;
  }
}
