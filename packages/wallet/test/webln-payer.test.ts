import { afterEach, describe, expect, it } from 'vitest';
import { hasWebLn, PaymentError, WebLnPayer, type WebLnProvider } from '../src/index.ts';

const preimage = 'ab'.repeat(32);

/** A wallet extension's `window.webln` (extensions cannot run here). */
function extension(
  behaviour: Partial<{
    enable: () => Promise<unknown>;
    sendPayment: (pr: string) => Promise<{ preimage?: string | null } | undefined>;
    getBalance: () => Promise<{ balance: number; currency?: string }>;
  }> = {},
) {
  const calls: string[] = [];
  const provider: WebLnProvider = {
    enable: async () => {
      calls.push('enable');
      return behaviour.enable?.();
    },
    sendPayment: async (pr) => {
      calls.push(`pay ${pr}`);
      return behaviour.sendPayment ? behaviour.sendPayment(pr) : { preimage };
    },
    ...(behaviour.getBalance ? { getBalance: behaviour.getBalance } : {}),
  };
  return { provider, calls };
}

async function failure(p: Promise<unknown>): Promise<PaymentError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(PaymentError);
    return err as PaymentError;
  }
  throw new Error('expected a PaymentError');
}

afterEach(() => {
  delete (globalThis as { webln?: unknown }).webln;
});

describe('WebLnPayer', () => {
  it('enables once, pays and returns the preimage', async () => {
    const ext = extension();
    const payer = new WebLnPayer({ provider: () => ext.provider });
    expect(payer.kind).toBe('webln');
    expect(await payer.pay('lnbc1first')).toEqual({ preimage });
    expect(await payer.pay('lnbc1second')).toEqual({ preimage });
    expect(ext.calls).toEqual(['enable', 'pay lnbc1first', 'pay lnbc1second']);
  });

  it('uses window.webln by default, waiting for a late extension', async () => {
    const ext = extension();
    setTimeout(() => ((globalThis as { webln?: unknown }).webln = ext.provider), 30);
    expect(hasWebLn()).toBe(false);
    const payer = new WebLnPayer({ retryDelayMs: 20, retries: 4 });
    expect((await payer.pay('lnbc1late')).preimage).toBe(preimage);
    expect(hasWebLn()).toBe(true);
  });

  it('fails with no_webln_extension (spec section 8) after the retries', async () => {
    let looks = 0;
    const payer = new WebLnPayer({
      provider: () => {
        looks++;
        return undefined;
      },
      retryDelayMs: 1,
    });
    const err = await failure(payer.pay('lnbc1x'));
    expect(err.code).toBe('no_webln_extension');
    expect(err.message).toBe('no_webln_extension');
    expect(looks).toBe(5); // the first look and 4 retries (spec section 9)
  });

  it('maps a declined prompt to rejected and other failures to wallet_error', async () => {
    const declined = extension({ enable: () => Promise.reject(new Error('User rejected')) });
    expect(
      (await failure(new WebLnPayer({ provider: () => declined.provider }).pay('x'))).code,
    ).toBe('rejected');
    const broke = extension({ sendPayment: () => Promise.reject(new Error('no route found')) });
    const err = await failure(new WebLnPayer({ provider: () => broke.provider }).pay('x'));
    expect(err).toMatchObject({ code: 'wallet_error', message: 'no route found' });
    const poor = extension({
      sendPayment: () => Promise.reject(new Error('Insufficient balance')),
    });
    expect((await failure(new WebLnPayer({ provider: () => poor.provider }).pay('x'))).code).toBe(
      'insufficient_balance',
    );
    const silent = extension({ sendPayment: async () => ({ preimage: null }) });
    expect(
      (await failure(new WebLnPayer({ provider: () => silent.provider }).pay('x'))).message,
    ).toMatch(/no proof of payment/);
  });

  it('stops waiting when aborted', async () => {
    let started!: () => void;
    const sending = new Promise<void>((resolve) => (started = resolve));
    const slow = extension({
      sendPayment: () => {
        started();
        return new Promise(() => {});
      },
    });
    const controller = new AbortController();
    const paying = new WebLnPayer({ provider: () => slow.provider }).pay('x', {
      signal: controller.signal,
    });
    await sending;
    controller.abort();
    const err = await failure(paying);
    expect(err.code).toBe('aborted');
    expect(err.message).toMatch(/may still complete/);
  });

  it('reads the balance in sats when the extension tells it', async () => {
    const rich = extension({ getBalance: async () => ({ balance: 2100, currency: 'sats' }) });
    expect(await new WebLnPayer({ provider: () => rich.provider }).getBalance()).toEqual({
      balanceMsat: 2_100_000,
    });
    const mute = extension();
    expect(
      (await failure(new WebLnPayer({ provider: () => mute.provider }).getBalance())).code,
    ).toBe('wallet_error');
  });
});
