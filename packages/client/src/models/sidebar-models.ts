import { defineQuery } from './query-model.ts';

/** The notes of a scored list (`scored`) that a sidebar shows. */
export interface ScoredNotes {
  /** Up to 6 kind 1 notes, best first. */
  ids: string[];
  authors: string[];
}

/**
 * A scored list of notes by its selector (`trending_24h`, `mostzapped_4h`...): Home's sidebar
 * lists the first six kind 1 notes of it.
 */
export const scoredNotesModel = defineQuery<string, ScoredNotes>(
  'scored-notes',
  async (ctx, selector, signal) => {
    const page = await ctx.fetchPage('scored', { selector }, { signal });
    const notes = page.notes.filter((n) => n.kind === 1).slice(0, 6);
    return { ids: notes.map((n) => n.id), authors: notes.map((n) => n.pubkey) };
  },
  {
    key: (selector) => selector,
    shows: (s) => ({ notes: s.ids, users: s.authors }),
    freshMs: 60_000,
  },
);
