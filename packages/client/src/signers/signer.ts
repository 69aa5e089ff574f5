import type { EventTemplate, NostrEvent } from '@swell/nostr';
import type { Observable } from '../store.ts';

/** Encryption of one NIP (04 or 44) with a peer's public key. */
export interface SignerCipher {
  encrypt(peerPubkey: string, plaintext: string): Promise<string>;
  decrypt(peerPubkey: string, ciphertext: string): Promise<string>;
}

export type SignerType = 'extension' | 'local' | 'nip46';

/**
 * Whether a signer can sign now. Local keys and extensions are always `ready`; a remote signer
 * (NIP-46) is `connecting`, `ready`, or `disconnected` (its relays are down or it stopped
 * answering: requests fail at once with `signer-disconnected` instead of hanging).
 */
export interface SignerState {
  status: 'connecting' | 'ready' | 'disconnected';
  /** Why it is disconnected (or the last failure). */
  error?: string;
  /** A remote signer asked the user to approve in another window (NIP-46 auth_url). */
  authUrl?: string;
  /**
   * A request has waited a few seconds without an answer (a remote signer that dropped, or one
   * asking its user): it still waits, and may yet be answered.
   */
  slow?: boolean;
}

/**
 * What signs for the user: the browser extension (NIP-07), a locally held key, or a remote
 * signer (NIP-46); one implementation per file. Every method rejects with a `ClientError` from
 * the catalogue (`sign-no-nsec`, `event-sig-not-verified`, `no_nostr_extension`,
 * `signer-disconnected`, ...).
 */
export interface Signer {
  readonly type: SignerType;
  getPublicKey(): Promise<string>;
  /** Signs and returns a verified event (`created_at` defaults to now). */
  signEvent(
    template: Omit<EventTemplate, 'created_at'> & { created_at?: number },
  ): Promise<NostrEvent>;
  readonly nip04: SignerCipher;
  readonly nip44: SignerCipher;
  /** Remote signers: their connection state (absent: always ready). */
  readonly state?: Observable<SignerState>;
  /** Releases sockets and timers (remote signers). */
  close?(): void;
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
