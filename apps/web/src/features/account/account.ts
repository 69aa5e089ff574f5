import {
  ClientError,
  ExtensionSigner,
  detectExtension,
  isClientError,
  loginWithNsec,
  logout,
  parseNsec,
  resolveLogin,
  unlockWithPin,
  validatePin,
  type LoginState,
  type Signer,
} from '@swell/client';
import type { FeedDefinition } from '@swell/cache-protocol';
import { api } from '@/data/connection.ts';
import { keys } from '@/data/keys.ts';
import { session } from '@/data/session.ts';
import { connectRelays } from '@/features/network/relays.ts';

let signer: Signer | null = null;

/** Who signs for the user right now (null for guests and locked keys). */
export function currentSigner(): Signer | null {
  return signer;
}

function apply(state: LoginState): void {
  signer = state.signer;
  session.set({
    pubkey: state.pubkey,
    canSign: state.signer !== null,
    needsPin: state.needsPin,
    source: state.source,
    resolved: true,
  });
  void connectRelays(state.pubkey);
}

let started: Promise<void> | null = null;

/** The login sequence of spec section 4, run once per page. */
export function startLogin(): Promise<void> {
  started ??= resolveLogin({
    keyStore: keys(),
    onStoredPubkey: (pubkey) => {
      if (pubkey) session.set({ ...session.get(), pubkey, source: 'stored-pubkey' });
    },
  }).then(apply, (e: unknown) => {
    console.warn('login failed', e);
    apply({ pubkey: null, signer: null, needsPin: false, source: 'none' });
  });
  return started;
}

/** i18n key of a sign-in failure (spec section 8 messages). */
export function loginErrorKey(e: unknown): string {
  if (isClientError(e)) {
    switch (e.code) {
      case 'invalid-nsec':
        return 'login.invalidKey';
      case 'pin-too-short':
        return 'login.pinTooShort';
      case 'pin-mismatch':
        return 'login.pinMismatch';
      case 'pin-wrong':
        return 'login.wrongPin';
      case 'no_nostr_extension':
        return 'login.noExtension';
    }
  }
  return 'app.error';
}

/** Throws `invalid-nsec` unless the text decodes as an nsec. */
export function checkNsec(nsec: string): void {
  parseNsec(nsec.trim()).fill(0);
}

/** Signs in with a pasted nsec; with a PIN (validated: >= 4 characters, both equal) it is stored encrypted. */
export async function signInWithNsec(nsec: string, pin?: string, pinAgain?: string): Promise<void> {
  if (pin !== undefined) validatePin(pin, pinAgain);
  apply(await loginWithNsec(keys(), nsec.trim(), pin));
}

export async function unlock(pin: string): Promise<void> {
  apply(await unlockWithPin(keys(), pin));
}

/** Signs in with the NIP-07 extension (4 tries 250 ms apart). */
export async function signInWithExtension(): Promise<void> {
  const ext = await detectExtension();
  if (!ext) throw new ClientError('no_nostr_extension');
  const s = new ExtensionSigner(ext);
  const pubkey = await s.getPublicKey();
  keys().setStoredPubkey(pubkey);
  apply({ pubkey, signer: s, needsPin: false, source: 'extension' });
}

/** Forgot PIN: the protected key is removed; the user signs in again. */
export function forgetPin(): void {
  keys().forgetPin();
  apply({ pubkey: null, signer: null, needsPin: false, source: 'none' });
}

export function signOut(): void {
  logout(keys(), signer);
  apply({ pubkey: null, signer: null, needsPin: false, source: 'none' });
}

/** The client name in the `d` tag of settings events (kind 30078). */
export const settingsClientName = 'Swell Web';

/**
 * The user's own home feed list (app subsettings `user-home-feeds`), asked with a signed
 * settings event; null when nobody can sign (guest, read-only, locked key).
 */
export async function loadUserHomeFeeds(pubkey: string): Promise<FeedDefinition[] | null> {
  await startLogin();
  const s = signer;
  if (!s || session.get().pubkey !== pubkey) return null;
  const event = await s.signEvent({
    kind: 30078,
    tags: [['d', settingsClientName]],
    content: JSON.stringify({ subkey: 'user-home-feeds' }),
  });
  const page = await api().getAppSubsettings(event);
  const settings = page.appSubsettings?.settings;
  return Array.isArray(settings) ? (settings as FeedDefinition[]) : null;
}
