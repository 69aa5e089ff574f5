import { isClientError, parseNsec } from '@swell/client';
import { swell } from '@/data/client.ts';
import { openUnlock } from '@/features/account/login-dialog.ts';
import { loadWrite } from '@/features/write/write-store.ts';

/**
 * Sign-in actions of the login and PIN dialogs, on the client's session (the sign-in code
 * itself loads lazily inside the client). Relays follow the session by themselves once loaded.
 */
const afterSignIn = () => {
  void swell()
    .connectRelays()
    .catch(() => {});
  void loadWrite().catch(() => {});
};

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
      case 'password-wrong':
        return 'login.wrongPassword';
      case 'invalid-ncryptsec':
        return 'login.invalidNcryptsec';
      case 'password-too-short':
        return 'login.passwordTooShort';
      case 'password-mismatch':
        return 'login.passwordMismatch';
      case 'no_nostr_extension':
        return 'login.noExtension';
      case 'invalid-bunker-url':
        return 'login.invalidBunker';
      case 'signer-timeout':
        return 'login.signerTimeout';
      case 'signer-rejected':
        return 'login.signerRejected';
      case 'signer-disconnected':
        return 'login.signerDisconnected';
    }
  }
  return 'app.error';
}

/** Throws `invalid-nsec` unless the text decodes as an nsec. */
export function checkNsec(nsec: string): void {
  parseNsec(nsec.trim()).fill(0);
}

/** True for a pasted NIP-49 `ncryptsec` (a password opens it; checked fully when it is opened). */
export const looksLikeNcryptsec = (text: string): boolean =>
  /^(nostr:)?ncryptsec1/i.test(text.trim());

/**
 * NIP-49: opens a pasted `ncryptsec` with its password and returns the nsec (nothing is stored:
 * the PIN step then signs in with it). `password-wrong`, `invalid-ncryptsec`.
 */
export function openNcryptsec(ncryptsec: string, password: string): Promise<string> {
  return swell().session.openNcryptsec(ncryptsec, password);
}

/** Signs in with a pasted nsec; with a PIN (>= 4 characters, both equal) it is stored encrypted. */
export async function signInWithNsec(nsec: string, pin?: string, pinAgain?: string): Promise<void> {
  await swell().session.signInWithNsec(nsec.trim(), pin, pinAgain);
  afterSignIn();
}

export async function unlock(pin: string): Promise<void> {
  await swell().session.unlock(pin);
  afterSignIn();
}

/** Signs in with the NIP-07 extension (4 tries 250 ms apart). */
export async function signInWithExtension(): Promise<void> {
  await swell().session.signInWithExtension();
  afterSignIn();
}

/** Pairs with a NIP-46 remote signer through its `bunker://` URL. */
export async function signInWithBunker(url: string): Promise<void> {
  await swell().session.signInWithBunker(url.trim());
  afterSignIn();
}

/** A remote signer paired through a nostrconnect:// code (the session already uses it). */
export function afterPairing(): void {
  afterSignIn();
}

/**
 * Opens another account of this device (the avatar menu): a key sealed under a PIN asks for its
 * own PIN at once; relays and the write path follow the new account.
 */
export async function switchAccount(pubkey: string): Promise<void> {
  await swell().session.switchAccount(pubkey);
  if (swell().session.getSnapshot().needsPin) openUnlock();
  afterSignIn();
}

/** Removes an account and everything of it this device keeps (code loaded on use). */
export async function removeAccount(pubkey: string): Promise<void> {
  const { forgetAccount } = await import('@/features/account/forget-account.ts');
  await forgetAccount(pubkey);
  if (swell().session.getSnapshot().needsPin) openUnlock();
  afterSignIn();
}

/** Forgot PIN: the protected key is removed; the user signs in again. */
export function forgetPin(): void {
  void swell().session.forgetPin();
}

/** Signs out of the account in use; the most recently used other account opens, if any. */
export function signOut(): void {
  void signOutNow();
}

export async function signOutNow(): Promise<void> {
  await swell().session.signOut();
  if (swell().session.getSnapshot().needsPin) openUnlock();
  if (swell().session.pubkey) afterSignIn();
}
