import type { FeedPage } from '@swell/cache-protocol';
import { defineQuery } from './query-model.ts';

/** The tabs of a note's reactions. */
export type ReactionTab = 'likes' | 'zaps' | 'reposts' | 'quotes';
export const reactionTabs: readonly ReactionTab[] = ['likes', 'zaps', 'reposts', 'quotes'];

/** One row of a reactions tab: an actor (with sats for a zap) or a quoting note. */
export interface ReactionRow {
  key: string;
  pubkey?: string;
  amount?: number;
  noteId?: string;
}

export interface ReactionsParams {
  noteId: string;
  tab: ReactionTab;
}

/** The rows of one tab from its cache answer (zaps largest first). */
export function reactionRows(tab: ReactionTab, page: FeedPage): ReactionRow[] {
  switch (tab) {
    case 'likes':
      return page.others.filter((e) => e.kind === 7).map((e) => ({ key: e.id, pubkey: e.pubkey }));
    case 'reposts':
      return page.notes.filter((e) => e.kind === 6).map((e) => ({ key: e.id, pubkey: e.pubkey }));
    case 'zaps':
      return Object.values(page.topZaps)
        .flat()
        .sort((a, b) => b.amount_sats - a.amount_sats)
        .map((z) => ({ key: z.zap_receipt_id, pubkey: z.sender, amount: z.amount_sats }));
    case 'quotes':
      return page.notes.map((e) => ({ key: e.id, noteId: e.id }));
  }
}

/**
 * Who reacted to a note, by tab: likes and reposts (`event_actions`), zaps
 * (`event_zaps_by_satszapped`), quotes (`note_mentions`); the first 20 of each.
 */
export const reactionsModel = defineQuery<ReactionsParams, ReactionRow[]>(
  'reactions',
  async (ctx, { noteId, tab }, signal) => {
    const target = { event_id: noteId };
    const opts = { signal };
    const page = await ctx.ingest(() => {
      switch (tab) {
        case 'likes':
          return ctx.api.eventActions(target, 7, {}, opts);
        case 'reposts':
          return ctx.api.eventActions(target, 6, {}, opts);
        case 'zaps':
          return ctx.api.eventZaps(target, {}, opts);
        case 'quotes':
          return ctx.api.noteMentions(target, {}, opts);
      }
    });
    return reactionRows(tab, page);
  },
  {
    key: ({ noteId, tab }) => `${noteId}:${tab}`,
    shows: (rows) => ({
      notes: rows.flatMap((r) => (r.noteId ? [r.noteId] : [])),
      users: rows.flatMap((r) => (r.pubkey ? [r.pubkey] : [])),
    }),
    freshMs: 30_000,
  },
);
