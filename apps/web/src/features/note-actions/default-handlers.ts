import { notify } from '@/components/ui/notify.ts';
import { copyToClipboard } from '@/features/note-actions/clipboard.ts';
import type { NoteActionHandlers } from '@/features/note-actions/note-action-handlers.ts';
import { noteBech32, notePath, rawEventJson } from '@/features/note-actions/note-addresses.ts';

/**
 * The handlers of this release: the copy actions work; everything that publishes is not built
 * yet and shows the spec's not-implemented notice (never a dead click). The write path swaps
 * these for real actions.
 */
export function createDefaultHandlers(): NoteActionHandlers {
  const notYet = () => void notify.notImplemented();
  return {
    compose: notYet,
    reply: notYet,
    zap: notYet,
    zapCustom: notYet,
    like: notYet,
    repost: notYet,
    quote: notYet,
    bookmark: notYet,
    copyLink: (note) => copyToClipboard(`${location.origin}${notePath(note)}`),
    copyText: (note) => copyToClipboard(note.content),
    copyId: (note) => copyToClipboard(noteBech32(note)),
    copyRaw: (note) => copyToClipboard(rawEventJson(note)),
    broadcast: notYet,
    muteUser: notYet,
    reportUser: notYet,
    deleteNote: notYet,
    follow: notYet,
    unfollow: notYet,
  };
}
