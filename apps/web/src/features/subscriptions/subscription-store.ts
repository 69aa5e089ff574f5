import type { SignedEvent } from '@swell/cache-protocol';
import { useSnapshot } from '@/data/use-model.ts';
import { createStore } from '@/lib/external-store.ts';

// The user's open subscription (kind 7001) per creator, as last learned: from the cache when the
// profile opens, then from what the subscribe window published (null: none).
const subscriptions = createStore<Record<string, SignedEvent | null>>({});

export function setAuthorSubscription(creator: string, event: SignedEvent | null): void {
  subscriptions.set({ ...subscriptions.get(), [creator]: event });
}

/** undefined: not known yet. */
export function useAuthorSubscription(creator: string): SignedEvent | null | undefined {
  return useSnapshot(subscriptions)[creator];
}
