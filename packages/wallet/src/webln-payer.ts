import { abortable, delay } from './abortable.ts';
import { PaymentError, type Payer, type PaymentResult } from './payer.ts';

/** The part of the WebLN provider (`window.webln`, webln.guide) that paying needs. */
export interface WebLnProvider {
  enable(): Promise<unknown>;
  sendPayment(paymentRequest: string): Promise<{ preimage?: string | null } | undefined>;
  getBalance?(): Promise<{ balance: number; currency?: string }>;
}

export interface WebLnPayerOptions {
  /** Where the provider comes from; `globalThis.webln` by default (the browser's window). */
  provider?: () => WebLnProvider | undefined;
  /**
   * Extensions inject `window.webln` some time after the page starts: look again this many
   * times before giving up with `no_webln_extension` (spec section 9: 4 retries at 250 ms).
   */
  retries?: number;
  retryDelayMs?: number;
}

function windowProvider(): WebLnProvider | undefined {
  const candidate = (globalThis as { webln?: unknown }).webln;
  return isWebLnProvider(candidate) ? candidate : undefined;
}

function isWebLnProvider(value: unknown): value is WebLnProvider {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as WebLnProvider).enable === 'function' &&
    typeof (value as WebLnProvider).sendPayment === 'function'
  );
}

/** Whether a WebLN provider is present right now (for showing the option, not for paying). */
export function hasWebLn(): boolean {
  return windowProvider() !== undefined;
}

const REJECTED = /reject|denied|declin|cancel|user closed|abort/i;

/** What a provider's failure means for the user. */
function paymentErrorOf(err: unknown): PaymentError {
  // Errors may come from another realm (an extension's content script): read, don't instanceof.
  const message =
    typeof err === 'string'
      ? err
      : typeof (err as { message?: unknown })?.message === 'string'
        ? (err as { message: string }).message
        : '';
  if (REJECTED.test(message))
    return new PaymentError('rejected', undefined, { cause: err, walletCode: message });
  if (/insufficient|not enough/i.test(message)) {
    return new PaymentError('insufficient_balance', undefined, { cause: err, walletCode: message });
  }
  return new PaymentError('wallet_error', message || undefined, { cause: err });
}

/**
 * Pays through the browser's WebLN provider (Alby and other wallet extensions): `enable()`
 * (the extension may ask the user), then `sendPayment(invoice)`.
 */
export class WebLnPayer implements Payer {
  readonly kind = 'webln' as const;
  private readonly provider: () => WebLnProvider | undefined;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private enabled: WebLnProvider | undefined;

  constructor(options: WebLnPayerOptions = {}) {
    this.provider = options.provider ?? windowProvider;
    this.retries = options.retries ?? 4;
    this.retryDelayMs = options.retryDelayMs ?? 250;
  }

  /** The provider, waiting a little for a late extension; `no_webln_extension` when none comes. */
  private async find(signal: AbortSignal | undefined): Promise<WebLnProvider> {
    for (let attempt = 0; ; attempt++) {
      const provider = this.provider();
      if (provider) return provider;
      if (attempt >= this.retries) throw new PaymentError('no_webln_extension');
      await delay(this.retryDelayMs, signal, () => new PaymentError('aborted'));
    }
  }

  private async ready(signal: AbortSignal | undefined): Promise<WebLnProvider> {
    const provider = await this.find(signal);
    if (this.enabled === provider) return provider;
    try {
      await abortable(provider.enable(), signal, () => new PaymentError('aborted'));
    } catch (err) {
      if (err instanceof PaymentError) throw err;
      throw paymentErrorOf(err);
    }
    this.enabled = provider;
    return provider;
  }

  async pay(invoice: string, options: { signal?: AbortSignal } = {}): Promise<PaymentResult> {
    const provider = await this.ready(options.signal);
    let response: { preimage?: string | null } | undefined;
    try {
      response = await abortable(
        provider.sendPayment(invoice),
        options.signal,
        () =>
          new PaymentError(
            'aborted',
            'Stopped waiting for the wallet; the payment may still complete.',
          ),
      );
    } catch (err) {
      if (err instanceof PaymentError) throw err;
      throw paymentErrorOf(err);
    }
    const preimage = response?.preimage;
    if (typeof preimage !== 'string' || !/^[0-9a-f]{64}$/i.test(preimage)) {
      throw new PaymentError(
        'wallet_error',
        'The wallet gave no proof of payment: check it before paying again.',
      );
    }
    return { preimage: preimage.toLowerCase() };
  }

  async getBalance(options: { signal?: AbortSignal } = {}): Promise<{ balanceMsat: number }> {
    const provider = await this.ready(options.signal);
    if (typeof provider.getBalance !== 'function') {
      throw new PaymentError('wallet_error', 'This wallet extension does not tell its balance.');
    }
    let result: { balance: number; currency?: string };
    try {
      result = await abortable(
        provider.getBalance(),
        options.signal,
        () => new PaymentError('aborted'),
      );
    } catch (err) {
      if (err instanceof PaymentError) throw err;
      throw paymentErrorOf(err);
    }
    const currency = (result?.currency ?? 'sats').toLowerCase();
    if (!Number.isFinite(result?.balance) || (currency !== 'sats' && currency !== 'sat')) {
      throw new PaymentError('wallet_error', 'The wallet extension gave no balance in sats.');
    }
    return { balanceMsat: Math.round(result.balance * 1000) };
  }
}
