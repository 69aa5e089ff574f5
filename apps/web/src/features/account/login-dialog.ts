import { useSnapshot } from '@/data/use-model.ts';
import { createStore } from '@/lib/external-store.ts';

/** Whether the sign-in dialog is open (any "Sign in" button opens the one dialog). */
export const loginDialog = createStore(false);

export const openLogin = () => loginDialog.set(true);
export const closeLogin = () => loginDialog.set(false);
export const useLoginOpen = () => useSnapshot(loginDialog);

/**
 * Whether the PIN prompt of a locked key shows: it opens on load, can be dismissed (the session
 * stays locked, not a guest), and opens again from Unlock or from anything that needs to sign.
 */
export const pinPrompt = createStore(true);
export const openUnlock = () => pinPrompt.set(true);
export const closeUnlock = () => pinPrompt.set(false);
export const usePinPromptOpen = () => useSnapshot(pinPrompt);

/** The sign-out confirmation (it offers the key backup first for a key kept on this device). */
export const signOutDialog = createStore(false);
export const askSignOut = () => signOutDialog.set(true);
export const closeSignOut = () => signOutDialog.set(false);
export const useSignOutOpen = () => useSnapshot(signOutDialog);
