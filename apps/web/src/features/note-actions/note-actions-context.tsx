import { createContext, useContext, type ReactNode } from 'react';
import type { NoteActionHandlers } from '@/features/note-actions/note-action-handlers.ts';

const NoteActionsContext = createContext<NoteActionHandlers | null>(null);

/** Provides the note action handlers to everything below (the main layout provides them once). */
export function NoteActionsProvider({
  handlers,
  children,
}: {
  handlers: NoteActionHandlers;
  children: ReactNode;
}) {
  return <NoteActionsContext.Provider value={handlers}>{children}</NoteActionsContext.Provider>;
}

/** The note action handlers (reply, zap, like, repost, quote, bookmark, the context menu, ...). */
export function useNoteActions(): NoteActionHandlers {
  const handlers = useContext(NoteActionsContext);
  if (!handlers) throw new Error('useNoteActions needs a NoteActionsProvider above it');
  return handlers;
}
