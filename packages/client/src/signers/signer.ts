import type { EventTemplate, NostrEvent } from '@swell/nostr';

/** Encryption of one NIP (04 or 44) with a peer's public key. */
export interface SignerCipher {
  encrypt(peerPubkey: string, plaintext: string): Promise<string>;
  decrypt(peerPubkey: string, ciphertext: string): Promise<string>;
}

/**
 * What signs for the user: the browser extension (NIP-07) or a locally held key. Every method
 * rejects with a `ClientError` from the catalogue (`sign-no-nsec`, `event-sig-not-verified`,
 * `no_nostr_extension`, ...).
 */
export interface Signer {
  readonly type: 'extension' | 'local';
  getPublicKey(): Promise<string>;
  /** Signs and returns a verified event (`created_at` defaults to now). */
  signEvent(
    template: Omit<EventTemplate, 'created_at'> & { created_at?: number },
  ): Promise<NostrEvent>;
  readonly nip04: SignerCipher;
  readonly nip44: SignerCipher;
}

/** The NIP-07 `window.nostr` object (every method optional except the first two). */
export interface Nip07 {
  getPublicKey(): Promise<string>;
  signEvent(event: EventTemplate): Promise<NostrEvent>;
  getRelays?(): Promise<Record<string, { read: boolean; write: boolean }>>;
  nip04?: SignerCipher;
  nip44?: SignerCipher;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
