import { createStore, type ExternalStore } from '@/lib/external-store.ts';

const storageKey = 'zapPayer';

function read(): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

/** The payer the user picked in Settings > Zaps (null: automatic, best available). */
export const payerPreference: ExternalStore<string | null> = createStore(
  typeof localStorage === 'undefined' ? null : read(),
);

export function preferredPayer(): string | null {
  return payerPreference.get();
}

export function setPreferredPayer(id: string | null): void {
  if (id) localStorage.setItem(storageKey, id);
  else localStorage.removeItem(storageKey);
  payerPreference.set(id);
}
