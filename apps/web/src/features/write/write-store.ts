import type { WritePath } from '@swell/client';
import { swell } from '@/data/client.ts';
import { loadWhenConnected } from '@/lib/chunk-load.ts';
import { createStore } from '@/lib/external-store.ts';

/**
 * The client's write path once it is loaded (publisher, outbox, actions, drafts). It loads on
 * first use (a signed-in user's first action or the composer) or early when the login sequence
 * finds a signer, so notes waiting in the outbox show their state after a reload.
 */
export const writeStore = createStore<WritePath | null>(null);

let loading: Promise<WritePath> | null = null;

export function loadWrite(): Promise<WritePath> {
  loading ??= loadWhenConnected(() => swell().write()).then(
    (w) => {
      writeStore.set(w);
      return w;
    },
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}
