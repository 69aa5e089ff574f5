/** English strings: Settings > Account (keys, PIN, sign out). */
export const accountSettings = {
  keysTitle: 'Your keys',
  keysIntro: 'Your public key is your address: share it freely. Your secret key is your account.',
  publicKey: 'Public key (npub)',
  secretKey: 'Secret key (nsec)',
  copy: 'Copy',
  copyLabel: 'Copy {{what}}',
  backupTitle: 'Back up your secret key',
  backupIntro:
    'Keep a copy of your secret key somewhere safe (a password manager). Without it you cannot sign in on another device.',
  backupExternal:
    'Your secret key is held by your signer (browser extension or remote signer), not by this app. Back it up there.',
  secretWarningTitle: 'Never share your secret key',
  secretWarning:
    'Anyone who has it controls your account for ever: they can post as you and read your messages. Swell will never ask you for it.',
  reveal: 'Show secret key',
  revealTitle: 'Show your secret key?',
  revealBody:
    'Make sure nobody can see your screen. Anyone who has this key controls your account.',
  revealConfirm: 'Show key',
  revealPin: 'Enter your PIN to show the key',
  hide: 'Hide secret key',
  plainWarningTitle: 'Your key is stored without a PIN',
  plainWarning:
    'Your secret key is kept on this device as plain text. Anyone using this browser can read it. Set a PIN to encrypt it.',
  pinTitle: 'PIN',
  pinSetIntro: 'A PIN encrypts your secret key on this device. You enter it when you open Swell.',
  pinChangeIntro: 'Your secret key is encrypted with a PIN on this device.',
  pinNone: 'Your key is not stored on this device, so there is no PIN to set.',
  setPin: 'Set PIN',
  changePin: 'Change PIN',
  currentPin: 'Current PIN',
  newPin: 'New PIN',
  pinSaved: 'PIN saved',
  pinChanged: 'PIN changed',
  signOutTitle: 'Sign out',
  signOutIntro: 'Signing out removes your key from this device.',
  signOutPlain:
    'Make sure you have a copy of your secret key first: it is removed from this device.',
  signOut: 'Sign out',
  signOutConfirmTitle: 'Sign out?',
  signOutConfirm: 'Sign out',
  guestTitle: 'You are not signed in',
  guestBody: 'Sign in to see your keys, or create an account.',
  signIn: 'Sign in',
  createAccount: 'Create account',
};
