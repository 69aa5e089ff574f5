import { copyToClipboard } from '@/features/note-actions/clipboard.ts';
import type { NoteActionHandlers } from '@/features/note-actions/note-action-handlers.ts';
import { noteBech32, notePath, rawEventJson } from '@/features/note-actions/note-addresses.ts';

/** The note menu's copy actions: a link, the text, the note id and the raw signed event. */
export function copyHandlers(): Pick<
  NoteActionHandlers,
  'copyLink' | 'copyText' | 'copyId' | 'copyRaw'
> {
  return {
    copyLink: (note) => copyToClipboard(`${location.origin}${notePath(note)}`),
    copyText: (note) => copyToClipboard(note.content),
    copyId: (note) => copyToClipboard(noteBech32(note)),
    copyRaw: (note) => copyToClipboard(rawEventJson(note)),
  };
}
