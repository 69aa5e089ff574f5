import { createContext, useContext, type ReactNode } from 'react';
import { createDefaultHandlers } from '@/features/note-actions/default-handlers.ts';
import type { NoteActionHandlers } from '@/features/note-actions/note-action-handlers.ts';

const defaults = createDefaultHandlers();
const NoteActionsContext = createContext<NoteActionHandlers>(defaults);

/** Provides the note action handlers to everything below (the main layout provides them once). */
export function NoteActionsProvider({
  handlers = defaults,
  children,
}: {
  handlers?: NoteActionHandlers;
  children: ReactNode;
}) {
  return <NoteActionsContext.Provider value={handlers}>{children}</NoteActionsContext.Provider>;
}

/** The note action handlers (reply, zap, like, repost, quote, bookmark, the context menu, ...). */
export function useNoteActions(): NoteActionHandlers {
  return useContext(NoteActionsContext);
}
