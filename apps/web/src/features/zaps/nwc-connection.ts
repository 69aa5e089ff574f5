import { tryParseNwcUri } from '@swell/wallet';
import { swell } from '@/data/client.ts';
import { payerSourcesChanged } from '@/features/zaps/payer-registry.ts';

/** localStorage key of a user's wallet connect string (`nwc:<pubkey>`). */
function storageKey(pubkey: string): string {
  return `nwc:${pubkey}`;
}

/** Prefix of a connection string sealed with the user's key (NIP-44 to themselves). */
const sealedPrefix = 'swnwc1:';

function currentPubkey(): string | null {
  return swell().session.pubkey;
}

/** Whether the signed-in user saved a wallet connection on this device (no decryption). */
export function hasNwcConnection(): boolean {
  const pk = currentPubkey();
  return !!pk && !!localStorage.getItem(storageKey(pk));
}

/**
 * Saves the connection string of the signed-in user. It holds a secret key: when the user's key
 * is protected by a PIN, the string is stored only sealed with that key (NIP-44 to themselves),
 * so it opens only once the PIN unlocked the session; otherwise it is stored like the key is.
 * Never logged.
 */
export async function saveNwcConnection(uri: string): Promise<void> {
  const session = swell().session;
  const pk = session.pubkey;
  if (!pk) throw new Error('not signed in');
  const parsed = tryParseNwcUri(uri);
  if (!parsed.ok) throw new Error(parsed.reason);
  let stored = uri.trim();
  if (session.keyProtection() === 'pin') {
    const signer = session.requireSigner();
    stored = sealedPrefix + (await signer.nip44.encrypt(pk, stored));
  }
  localStorage.setItem(storageKey(pk), stored);
  payerSourcesChanged();
}

/** The saved connection string (unsealed), or null when there is none. */
export async function readNwcConnection(): Promise<string | null> {
  const session = swell().session;
  const pk = session.pubkey;
  if (!pk) return null;
  const stored = localStorage.getItem(storageKey(pk));
  if (!stored) return null;
  if (!stored.startsWith(sealedPrefix)) return stored;
  return session.requireSigner().nip44.decrypt(pk, stored.slice(sealedPrefix.length));
}

/** Disconnect: forgets the saved connection of the signed-in user. */
export function removeNwcConnection(): void {
  const pk = currentPubkey();
  if (pk) localStorage.removeItem(storageKey(pk));
  payerSourcesChanged();
}
