import type { SignedEvent } from '@swell/cache-protocol';
import { useSnapshot } from '@/data/use-model.ts';
import { createStore } from '@/lib/external-store.ts';

/** What the composer writes: a new note, a reply to a note, or a quote of one. */
export type ComposerTarget =
  { mode: 'new' } | { mode: 'reply'; note: SignedEvent } | { mode: 'quote'; note: SignedEvent };

/** The one composer modal of the app (null: closed). */
export const composerStore = createStore<ComposerTarget | null>(null);

export const openComposer = (target: ComposerTarget) => composerStore.set(target);
export const closeComposer = () => composerStore.set(null);
export const useComposer = () => useSnapshot(composerStore);

/** The draft key of a composer target: the note replied to or quoted, else the root draft. */
export function draftKey(target: ComposerTarget): string | undefined {
  if (target.mode === 'new') return undefined;
  return target.mode === 'quote' ? `quote:${target.note.id}` : target.note.id;
}
