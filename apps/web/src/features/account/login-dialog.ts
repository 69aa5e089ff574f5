import { createStore, useStore } from '@/lib/external-store.ts';

/** Whether the sign-in dialog is open (any "Sign in" button opens the one dialog). */
export const loginDialog = createStore(false);

export const openLogin = () => loginDialog.set(true);
export const closeLogin = () => loginDialog.set(false);
export const useLoginOpen = () => useStore(loginDialog);
