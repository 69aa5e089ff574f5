import type { SignedEvent } from '@swell/cache-protocol';
import { useSnapshot } from '@/data/use-model.ts';
import { createStore } from '@/lib/external-store.ts';

/** What the custom zap window zaps: a note or article, or a profile. */
export type ZapModalSubject = { event: SignedEvent } | { pubkey: string };

const open = createStore<ZapModalSubject | null>(null);

/** Opens the custom zap window (long press on the zap button, the note menu, a profile). */
export function openZapModal(subject: ZapModalSubject): void {
  open.set(subject);
}

export function closeZapModal(): void {
  open.set(null);
}

export function useZapModal(): ZapModalSubject | null {
  return useSnapshot(open);
}
