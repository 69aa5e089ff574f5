import { delay, type Clock } from '../clock.ts';
import type { Nip07 } from './signer.ts';

export interface DetectExtensionOptions {
  /** Where the extension appears; defaults to `globalThis.nostr` (window.nostr). */
  getNostr?: () => unknown;
  /** Spec section 4: 4 tries, 250 ms apart. */
  tries?: number;
  intervalMs?: number;
  signal?: AbortSignal;
  /** Timers of the waits between tries (tests inject one). */
  clock?: Clock;
}

function isNip07(v: unknown): v is Nip07 {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as Nip07).getPublicKey === 'function' &&
    typeof (v as Nip07).signEvent === 'function'
  );
}

/**
 * Looks for a NIP-07 extension (they inject `window.nostr` some time after load). Logs
 * 'Nostr extension not found' and resolves null when it never shows up.
 */
export async function detectExtension(options: DetectExtensionOptions = {}): Promise<Nip07 | null> {
  const get = options.getNostr ?? (() => (globalThis as { nostr?: unknown }).nostr);
  const tries = options.tries ?? 4;
  const interval = options.intervalMs ?? 250;
  for (let i = 0; i < tries; i++) {
    const found = get();
    if (isNip07(found)) return found;
    if (options.signal?.aborted) break;
    if (i < tries - 1) await delay(interval, options.signal, options.clock);
  }
  console.info('Nostr extension not found');
  return null;
}
