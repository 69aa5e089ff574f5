import { createStore, useStore } from '@/lib/external-store.ts';
import { readLocal } from '@/lib/storage.ts';

/** Who is using the app: a public key when signed in (or read-only), null for guests. */
export interface Session {
  pubkey: string | null;
  /** True when events can be signed (extension or unlocked key). */
  canSign: boolean;
  /** A PIN-protected key is stored and waits for the PIN. */
  needsPin: boolean;
  source: 'extension' | 'local-key' | 'stored-pubkey' | 'none';
  /** False until the login sequence has run once. */
  resolved: boolean;
}

const storedPubkey = readLocal('pubkey');

/** Starts with the stored public key (first step of the login order) so screens load for it. */
export const session = createStore<Session>({
  pubkey: storedPubkey && /^[0-9a-f]{64}$/.test(storedPubkey) ? storedPubkey : null,
  canSign: false,
  needsPin: false,
  source: storedPubkey ? 'stored-pubkey' : 'none',
  resolved: false,
});

export function useSession(): Session {
  return useStore(session);
}
