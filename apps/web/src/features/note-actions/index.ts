/** Note actions: one seam between note controls and what they do. */
export {
  NoteActionsProvider,
  useNoteActions,
} from '@/features/note-actions/note-actions-context.tsx';
export { useNoteState } from '@/features/note-actions/use-note-state.ts';
export { copyHandlers } from '@/features/note-actions/copy-handlers.ts';
export { noteBech32, notePath, rawEventJson } from '@/features/note-actions/note-addresses.ts';
export type {
  NoteActionHandlers,
  NoteState,
} from '@/features/note-actions/note-action-handlers.ts';
