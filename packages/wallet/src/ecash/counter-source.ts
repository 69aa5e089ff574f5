import type { CounterRange, CounterSource } from '@cashu/cashu-ts';
import type { WalletStorage } from './storage/wallet-storage.ts';

/**
 * The NUT-13 counter cursor of one seed, kept in wallet storage. cashu-ts asks it for counters
 * while it builds outputs; every reservation is persisted before it is handed out, so counters
 * reach the mint only after they are burned in storage, and a crash can skip counters (restore
 * tolerates the gap) but never reuse them.
 */
export class StoredCounterSource implements CounterSource {
  private readonly storage: WalletStorage;
  private readonly seedId: string;

  constructor(storage: WalletStorage, seedId: string) {
    this.storage = storage;
    this.seedId = seedId;
  }

  reserve(keysetId: string, n: number): Promise<CounterRange> {
    return this.storage.reserveCounters(this.seedId, keysetId, n);
  }

  reserveAt(keysetId: string, start: number, count: number): Promise<CounterRange> {
    return this.storage.reserveCountersAt(this.seedId, keysetId, start, count);
  }

  advanceToAtLeast(keysetId: string, minNext: number): Promise<void> {
    return this.storage.advanceCounter(this.seedId, keysetId, minNext);
  }

  snapshot(): Promise<Record<string, number>> {
    return this.storage.counters(this.seedId);
  }
}
