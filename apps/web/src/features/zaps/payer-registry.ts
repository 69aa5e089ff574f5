import type { Payer } from '@swell/wallet';
import { createStore, type ExternalStore } from '@/lib/external-store.ts';

/**
 * One way to pay a lightning invoice (zaps, invoice cards). Sources register themselves; the
 * app asks `choosePayer()` for the best one usable now. Built in: WebLN (`webln`, extension
 * present) and wallet connect (`nwc`, a connection saved in Settings > Zaps). The ecash wallet
 * adds itself with one call:
 *
 *   registerPayerSource({
 *     id: 'ecash', label: 'zaps.payer.ecash', priority: 50,
 *     available: () => walletIsOpen(),
 *     create: async () => (await import('@swell/wallet/ecash')) ... the open EcashWallet,
 *   });
 *
 * and calls `payerSourcesChanged()` when `available()` may have changed (wallet opened/closed).
 */
export interface PayerSource {
  /** Stable id: 'webln' | 'nwc' | 'ecash' | ... (also what Settings > Zaps stores as preferred). */
  id: string;
  /** i18n key of the name shown to the user ("Browser extension", "Wallet connect"...). */
  label: string;
  /** Higher wins when the user has no preference (WebLN 100, wallet connect 80). */
  priority: number;
  /** Cheap and synchronous: can this source pay right now? */
  available(): boolean;
  /** Builds (or loads) the payer; called only when a payment is about to be made. */
  create(): Promise<Payer>;
}

const sources = new Map<string, PayerSource>();
/** Bumped whenever a source is added, removed or says its availability changed. */
const version: ExternalStore<number> = createStore(0);

/** Adds (or replaces, same id) a payment source; returns its removal. */
export function registerPayerSource(source: PayerSource): () => void {
  sources.set(source.id, source);
  version.set(version.get() + 1);
  return () => {
    if (sources.get(source.id) !== source) return;
    sources.delete(source.id);
    version.set(version.get() + 1);
  };
}

/** Tells listeners (the zap modal, Settings > Zaps) that some source's `available()` changed. */
export function payerSourcesChanged(): void {
  version.set(version.get() + 1);
}

/** The sources usable now, best first; the `preferred` one (Settings > Zaps) first of all. */
export function availablePayerSources(preferred?: string | null): PayerSource[] {
  const usable = [...sources.values()]
    .filter((s) => {
      try {
        return s.available();
      } catch {
        return false;
      }
    })
    .sort((a, b) => b.priority - a.priority);
  const chosen = usable.find((s) => s.id === preferred);
  return chosen ? [chosen, ...usable.filter((s) => s !== chosen)] : usable;
}

/**
 * The source to pay with: the preferred one when it is usable, else the best usable one, else
 * null (the caller says a wallet is needed).
 */
export function choosePayerSource(preferred?: string | null): PayerSource | null {
  return availablePayerSources(preferred)[0] ?? null;
}

/** Observable for React (`useSnapshot(payerSourcesVersion)`) to re-read the sources. */
export const payerSourcesVersion: ExternalStore<number> = version;
