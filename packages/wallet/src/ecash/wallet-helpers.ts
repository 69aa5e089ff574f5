import { normalizeMintUrl } from '@cashu/cashu-ts';
import { EcashError, NutCode, toEcashError } from './errors.ts';
import type { MintConnection } from './mint-connection.ts';

/** Waits `ms`, or rejects when `signal` aborts. */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** A mint URL in the canonical form it is stored under, or `EcashError` 'invalid-mint-url'. */
export function mintUrl(url: string): string {
  try {
    return normalizeMintUrl(url.trim());
  } catch (err) {
    throw new EcashError('invalid-mint-url', 'Not a valid mint address', { cause: err });
  }
}

/**
 * How far the NUT-13 counters jump when the mint says outputs were signed already (another device
 * of the same seed used them: NIP-60 puts one wallet on several devices). Well under the restore's
 * gap limit (300), so a restore from the phrase still finds what comes after.
 */
export const COUNTER_JUMP = 64;

/**
 * Runs an operation; if the mint says its keyset is unknown or retired (it rotated keys since the
 * wallet last looked), refreshes the keysets and runs it once more on the new active keyset. If it
 * says the outputs were signed already (another device of the seed used these counters), moves
 * the counters on and runs it once more.
 */
export async function withFreshKeysets<T>(conn: MintConnection, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const code = toEcashError(err).mintCode;
    if (code === NutCode.outputsSigned) {
      const { counters } = conn.context;
      const next = await counters.snapshot();
      for (const keyset of conn.keysets()) {
        await counters.advanceToAtLeast(keyset.id, (next[keyset.id] ?? 0) + COUNTER_JUMP);
      }
      return fn();
    }
    if (code !== NutCode.keysetInactive && code !== NutCode.keysetUnknown) throw err;
    await conn.refresh();
    return fn();
  }
}
