import { useSnapshot } from '@/data/use-model.ts';
import { createStore } from '@/lib/external-store.ts';
import { readLocal, writeLocal } from '@/lib/storage.ts';

// The getting started modal's state, in the first load (the navigation's "Get started" opens
// it); what happens around it (an action waiting for the sign-in, /new and back) is in
// start-flow.ts, loaded with the modal or on a guest's first action.

/** What a guest tried that needs a key; the getting started modal and the offer name it. */
export type StartIntent =
  | 'like'
  | 'repost'
  | 'reply'
  | 'post'
  | 'zap'
  | 'follow'
  | 'bookmark'
  | 'mute'
  | 'report'
  | 'message'
  | 'other';

/** The getting started modal (null: closed); `intent` when an action asked for it. */
export const startDialog = createStore<{ intent?: StartIntent } | null>(null);
export const useStartDialog = () => useSnapshot(startDialog);

/**
 * The action a guest tried, once they made an account at `/new`: offered again on the page they
 * came from (null: nothing to offer).
 */
export const startOffer = createStore<{ intent: StartIntent } | null>(null);
export const useStartOffer = () => useSnapshot(startOffer);

/** localStorage key: when a guest first came (ms), or `shown` once the modal showed. */
const shownKey = 'swell:getStarted';
const dayMs = 24 * 60 * 60 * 1000;

/** Opens the getting started modal ("Get started", or an action that needs a key). */
export function openGetStarted(intent?: StartIntent): void {
  writeLocal(shownKey, 'shown');
  startDialog.set(intent ? { intent } : {});
}

/**
 * Whether the modal should open on its own: once per device, for a guest back on a later day
 * (never on a first visit, where it would cover what they came to read).
 */
export function dueOnItsOwn(now = Date.now()): boolean {
  const seen = readLocal(shownKey);
  if (seen === 'shown') return false;
  const first = Number(seen);
  if (!seen || !Number.isFinite(first)) {
    writeLocal(shownKey, String(now));
    return false;
  }
  return now - first > dayMs;
}
