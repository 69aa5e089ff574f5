import { swell } from '@/data/client.ts';
import { closeLogin, openLogin } from '@/features/account/login-dialog.ts';
import { closeComposer } from '@/features/write/composer-store.ts';
import { loadWrite, writeStore } from '@/features/write/write-store.ts';
import {
  openGetStarted,
  startDialog,
  startOffer,
  type StartIntent,
} from '@/features/account/start-store.ts';

/** The action waiting for the guest to sign in or create an account. */
interface Waiting {
  intent: StartIntent;
  resolve: (go: boolean) => void;
  /** Starts the action over instead of continuing it (the composer opens again). */
  again?: () => void;
  /** The guest went to `/new`: the action is offered once they are back. */
  away: boolean;
}

let waiting: Waiting | null = null;
/** Where `/new` goes when done: the page the guest left for it. */
let returnTo: string | null = null;

function settle(go: boolean): void {
  const w = waiting;
  waiting = null;
  startOffer.set(null);
  w?.resolve(go);
}

/**
 * A guest tried an action that needs a key: the getting started modal opens, and the promise
 * resolves true once they signed in from it (the action continues), false when they keep
 * browsing. A guest who goes to create an account gets the action offered again when `/new` is
 * done (true if they take it); with `again`, the offer calls it instead (the caller has already
 * stopped, e.g. the composer, closed for `/new`, opens again with the draft).
 */
export function askToStart(intent: StartIntent, again?: () => void): Promise<boolean> {
  watchStartFlow();
  settle(false);
  return new Promise((resolve) => {
    waiting = { intent, resolve, away: false, ...(again ? { again } : {}) };
    openGetStarted(intent);
  });
}

/** "Keep browsing", Escape or the close button: the action waiting is dropped. */
export function dismissGetStarted(): void {
  startDialog.set(null);
  settle(false);
}

/** "Sign in" in the modal: the sign-in dialog, with all its signers, for the action waiting. */
export function signInFromStart(): void {
  startDialog.set(null);
  openLogin();
}

/** The sign-in dialog closed: the action waiting goes on if the user can sign now. */
export function loginClosed(): void {
  if (waiting && !waiting.away) settle(swell().session.getSnapshot().canSign);
}

/**
 * "Create account" (in the modal or the sign-in dialog), just before going to `/new`: `/new`
 * comes back to this page, the action waiting is offered again then, and the composer closes
 * (its draft is kept and moves to the new account).
 */
export function leaveForNewAccount(): void {
  if (location.pathname !== '/new') returnTo = location.pathname + location.search + location.hash;
  startDialog.set(null);
  closeComposer();
  if (!waiting) return;
  waiting.away = true;
  if (waiting.again) waiting.resolve(false);
}

/** Where `/new` goes once the account is made (and forgets it). */
export function takeReturnTo(): string {
  const to = returnTo ?? '/home';
  returnTo = null;
  return to;
}

/** `/new` is done and back on the page the guest came from: the action, offered again. */
export function offerWaiting(): void {
  if (waiting?.away && swell().session.getSnapshot().canSign)
    startOffer.set({ intent: waiting.intent });
}

/** The offer taken: the action goes on (or starts over). */
export function acceptOffer(): void {
  const w = waiting;
  waiting = null;
  startOffer.set(null);
  if (!w) return;
  if (w.again) w.again();
  else w.resolve(true);
}

export const declineOffer = () => settle(false);

let watching = false;

/**
 * Follows the session for the getting started flow, from a guest's first action or composer on
 * (once): signing in while an action waits (the sign-in dialog, an extension, another tab) lets
 * it go on, and a guest's composer drafts move to the account they signed in to or made.
 */
export function watchStartFlow(): void {
  if (watching) return;
  watching = true;
  const session = swell().session;
  let pubkey = session.getSnapshot().pubkey;
  session.subscribe(() => {
    const s = session.getSnapshot();
    if (s.pubkey && !pubkey) void adoptGuestDrafts();
    pubkey = s.pubkey;
    if (!s.canSign || !waiting) return;
    if (waiting.away) {
      // Made at `/new`: offered when the flow is done (new-account.tsx), or now if the guest
      // signed in some other way after leaving it.
      if (location.pathname !== '/new') offerWaiting();
      return;
    }
    startDialog.set(null);
    closeLogin();
    // After the sign-in's own follow-up (relays, write path) has started.
    setTimeout(() => settle(true), 0);
  });
}

/** Drafts a guest typed move to the account (the write path loads only if there are any). */
async function adoptGuestDrafts(): Promise<void> {
  const loaded = writeStore.get();
  if (loaded) return loaded.drafts.adoptGuestDrafts();
  if (Object.keys(swell().records.get(null).noteDraft ?? {}).length === 0) return;
  (await loadWrite()).drafts.adoptGuestDrafts();
}
