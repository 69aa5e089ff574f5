// NIP-04 and NIP-44 with a local key. Until @swell/nostr exports its NIP-04/44 (announced for
// the protocol core), these come from nostr-tools, which that package wraps too.
import * as nip04 from 'nostr-tools/nip04';
import * as nip44 from 'nostr-tools/nip44';

export function nip04Encrypt(sk: Uint8Array, peer: string, plaintext: string): string {
  return nip04.encrypt(sk, peer, plaintext);
}
export function nip04Decrypt(sk: Uint8Array, peer: string, ciphertext: string): string {
  return nip04.decrypt(sk, peer, ciphertext);
}
export function nip44Encrypt(sk: Uint8Array, peer: string, plaintext: string): string {
  return nip44.encrypt(plaintext, nip44.getConversationKey(sk, peer));
}
export function nip44Decrypt(sk: Uint8Array, peer: string, ciphertext: string): string {
  return nip44.decrypt(ciphertext, nip44.getConversationKey(sk, peer));
}
