import { createStore, useStore } from '@/lib/external-store.ts';

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

export const session = createStore<Session>({
  pubkey: null,
  canSign: false,
  needsPin: false,
  source: 'none',
  resolved: false,
});

export function useSession(): Session {
  return useStore(session);
}
