import type { Cipher } from '@swell/wallet/ecash';
import { swell } from '@/data/client.ts';
import { loadEcash } from '@/features/wallet/wallet-load.ts';

/** localStorage key of the wallet's data key, sealed with the user's key (NIP-44 to self). */
export const walletKeyName = (pubkey: string) => `walletKey:${pubkey}`;
const sealedPrefix = 'swwk1:';
/** Set once every record was re-encrypted with the data key (a crash before leaves it unset). */
const resealedName = (pubkey: string) => `walletSealed:${pubkey}`;

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/**
 * How the wallet of `pubkey` is sealed at rest. With a PIN on the key, every record is sealed
 * (AES-256-GCM) with a random data key that is itself stored only sealed with the user's key
 * (NIP-44 to themselves), so it opens exactly when the PIN has unlocked the key: the same
 * protection as the key. Without a PIN, records are plain JSON, like the key.
 *
 * - `cipher`: what to open the storage with;
 * - `reseal`: the records may be sealed differently (a PIN was set or removed since the wallet
 *   was last opened): after opening, `wallet.setCipher(reseal.to)` re-encrypts them all;
 * - `'locked'`: a PIN protects the key and has not been entered yet.
 */
export async function walletCipher(
  pubkey: string,
): Promise<{ cipher: Cipher | null; reseal?: { to: Cipher | null } } | 'locked'> {
  const session = swell().session;
  const stored = localStorage.getItem(walletKeyName(pubkey));
  const pin = session.keyProtection() === 'pin';
  if (!pin && !stored) return { cipher: null };
  const signer = session.pubkey === pubkey ? session.signer : null;
  if (!signer) return 'locked';
  const { aesGcmCipher, generateStorageKey } = await loadEcash();
  if (stored) {
    if (!stored.startsWith(sealedPrefix)) throw new Error('unreadable wallet key');
    const key = fromBase64(await signer.nip44.decrypt(pubkey, stored.slice(sealedPrefix.length)));
    const cipher = await aesGcmCipher(key);
    key.fill(0);
    if (!pin) return { cipher, reseal: { to: null } }; // the PIN was removed: unseal the records
    const done = localStorage.getItem(resealedName(pubkey)) === '1';
    return done ? { cipher } : { cipher, reseal: { to: cipher } };
  }
  const key = generateStorageKey();
  const sealed = sealedPrefix + (await signer.nip44.encrypt(pubkey, toBase64(key)));
  const cipher = await aesGcmCipher(key);
  key.fill(0);
  localStorage.setItem(walletKeyName(pubkey), sealed);
  // Records written before the PIN was set are plain: seal them now.
  return { cipher, reseal: { to: cipher } };
}

/** After a reseal: with a cipher, the records are all sealed; without, the key is not needed. */
export function resealed(pubkey: string, to: Cipher | null): void {
  if (to) {
    localStorage.setItem(resealedName(pubkey), '1');
  } else {
    localStorage.removeItem(walletKeyName(pubkey));
    localStorage.removeItem(resealedName(pubkey));
  }
}
