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
import { swell } from '@/data/client.ts';
import { session } from '@/data/session.ts';
import { connectRelays } from '@/features/network/relays.ts';
import { setThemePreferenceStore } from '@/theme/theme-store.ts';
import { isThemeName } from '@/theme/themes.ts';

let signer: Signer | null = null;

/** Who signs for the user right now (null for guests and locked keys). */
export function currentSigner(): Signer | null {
  return signer;
}

function bindThemeToRecord(pubkey: string | null): void {
  const records = swell().records;
  setThemePreferenceStore({
    load: () => {
      const theme = records.get(pubkey).theme;
      return isThemeName(theme) ? theme : undefined;
    },
    save: (theme) => records.update(pubkey, { theme }),
  });
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
  bindThemeToRecord(state.pubkey);
  void connectRelays(state.pubkey);
}

let started: Promise<void> | null = null;

/** The login sequence of spec section 4, run once per page. */
export function startLogin(): Promise<void> {
  started ??= resolveLogin({
    keyStore: swell().keys,
    onStoredPubkey: (pubkey) => {
      if (pubkey) session.set({ ...session.get(), pubkey, source: 'stored-pubkey' });
      bindThemeToRecord(pubkey);
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
  apply(await loginWithNsec(swell().keys, nsec.trim(), pin));
}

export async function unlock(pin: string): Promise<void> {
  apply(await unlockWithPin(swell().keys, pin));
}

/** Signs in with the NIP-07 extension (4 tries 250 ms apart). */
export async function signInWithExtension(): Promise<void> {
  const ext = await detectExtension();
  if (!ext) throw new ClientError('no_nostr_extension');
  const s = new ExtensionSigner(ext);
  const pubkey = await s.getPublicKey();
  swell().keys.setStoredPubkey(pubkey);
  apply({ pubkey, signer: s, needsPin: false, source: 'extension' });
}

/** Forgot PIN: the protected key is removed; the user signs in again. */
export function forgetPin(): void {
  swell().keys.forgetPin();
  apply({ pubkey: null, signer: null, needsPin: false, source: 'none' });
}

export function signOut(): void {
  logout(swell().keys, signer);
  apply({ pubkey: null, signer: null, needsPin: false, source: 'none' });
}
