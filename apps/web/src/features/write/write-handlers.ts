import type { SignedEvent } from '@swell/cache-protocol';
import type { WritePath } from '@swell/client';
import { notify } from '@/components/ui/notify.ts';
import { copyHandlers, type NoteActionHandlers } from '@/features/note-actions/index.ts';
import { openComposer } from '@/features/write/composer-store.ts';
import { askDelete } from '@/features/write/delete-store.ts';
import { toastOutcome } from '@/features/write/publish-toast.ts';
import { requireSigner } from '@/features/write/require-signer.ts';
import type { StartIntent } from '@/features/account/start-store.ts';
import { loadWrite } from '@/features/write/write-store.ts';
import { swell } from '@/data/client.ts';
import { isBookmarked } from '@/features/lists/list-keys.ts';
import { quickZap } from '@/features/zaps/zap-actions.ts';
import { openZapModal } from '@/features/zaps/zap-modal-store.ts';
import { i18n } from '@/i18n/index.ts';

/** Runs a write action with the write path, or says why it could not (signer refused...). */
async function withWrite(action: (w: WritePath) => Promise<void>): Promise<void> {
  try {
    await action(await loadWrite());
  } catch (e) {
    const { loginErrorKey } = await import('@/features/account/account.ts');
    const key = loginErrorKey(e);
    notify.error(i18n.t(key === 'app.error' ? 'write.notSigned' : key));
  }
}

/** The list actions (follow, mute, report, bookmarks), loaded on first use. */
const lists = () => import('@/features/lists/list-actions.ts');

/** Runs `then` once the user can sign (see requireSigner). */
async function signed(intent: StartIntent, then: () => void): Promise<void> {
  if (await requireSigner(intent)) then();
}

/** Loads the write path and runs a publishing action once the user can sign. */
async function withSigner(
  intent: StartIntent,
  action: (w: WritePath) => Promise<void>,
): Promise<void> {
  if (await requireSigner(intent)) await withWrite(action);
}

/**
 * The note actions of the write path, passed to `NoteActionsProvider` by the main layout:
 * compose/reply/quote open the composer, like/repost/delete/broadcast publish through the
 * client's outbox (optimistic in the store, toasts with the spec's messages); follow, mute,
 * report and bookmark go through the client's lists (features/lists, loaded on first use); zap
 * pays the default zap, zapCustom opens the custom zap window (features/zaps).
 */
export function createWriteHandlers(): NoteActionHandlers {
  const t = i18n.t;
  return {
    ...copyHandlers(),
    // Guests may write: the composer asks for a key when the note is posted, and keeps the text.
    compose: () => openComposer({ mode: 'new' }),
    reply: (note: SignedEvent) => openComposer({ mode: 'reply', note }),
    quote: (note: SignedEvent) => openComposer({ mode: 'quote', note }),
    zap: (note: SignedEvent) => quickZap({ event: note }),
    zapCustom: (note: SignedEvent) => void signed('zap', () => openZapModal({ event: note })),
    like: (note: SignedEvent) => {
      void withSigner('like', async (w) => {
        const r = await w.like(note);
        if (r) void toastOutcome(r.result, { quietSuccess: true });
      });
    },
    repost: (note: SignedEvent) => {
      void withSigner('repost', async (w) => {
        const r = await w.repost(note);
        void toastOutcome(r.result, {
          success: t('write.reposted'),
          failure: t('write.repostFailed'),
        });
      });
    },
    deleteNote: (note: SignedEvent) => void signed('other', () => askDelete(note)),
    follow: (pubkey: string) => void lists().then((m) => m.changeFollow('follow', pubkey)),
    unfollow: (pubkey: string) => void lists().then((m) => m.changeFollow('unfollow', pubkey)),
    muteUser: (pubkey: string, note?: SignedEvent) =>
      void lists().then((m) => m.askMute(pubkey, note)),
    reportUser: (pubkey: string, note?: SignedEvent) =>
      void lists().then((m) => m.askReport(pubkey, note)),
    bookmark: (note: SignedEvent) => {
      const on = isBookmarked(swell().lists.getSnapshot().bookmarks, note);
      void lists().then((m) => m.toggleBookmark(note, on));
    },
    broadcast: (note: SignedEvent) => {
      void withWrite(async (w) => {
        void toastOutcome(w.broadcast(note).outcome, {
          success: t('write.broadcastDone'),
          failure: t('write.broadcastFailed'),
        });
      });
    },
  };
}

/** Deletes a note (NIP-09) once the user confirmed: hidden at once, "Note deleted" when sent. */
export function confirmDelete(note: SignedEvent): void {
  void withWrite(async (w) => {
    const r = await w.deleteNote(note);
    void toastOutcome(r.result, { success: i18n.t('write.deleted') });
  });
}
