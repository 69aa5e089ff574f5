import type { SignedEvent } from '@swell/cache-protocol';
import { useSnapshot } from '@/data/use-model.ts';
import { createStore } from '@/lib/external-store.ts';

/** The note waiting for the user to confirm its deletion (null: no dialog). */
export const deleteStore = createStore<SignedEvent | null>(null);

export const askDelete = (note: SignedEvent) => deleteStore.set(note);
export const closeDelete = () => deleteStore.set(null);
export const useDeleteTarget = () => useSnapshot(deleteStore);
