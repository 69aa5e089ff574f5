import { splitThread, type ThreadView } from '../thread/split-thread.ts';
import { defineQuery } from './query-model.ts';

/** A thread by its note's id, or an article's by its address. */
export type ThreadParams = { id: string } | { pubkey: string; identifier: string; kind: number };

/**
 * A thread (`thread_view`: parents, the note, its replies) or an article's
 * (`long_form_content_thread_view`), for the session's viewer; what it shows stays in the store
 * while the model lives, so a long session does not prune an open thread's notes.
 */
export const threadModel = defineQuery<ThreadParams, ThreadView>(
  'thread',
  async (ctx, params, signal) => {
    const personal = ctx.viewer ? { user_pubkey: ctx.viewer } : {};
    if ('id' in params) {
      const page = await ctx.fetchPage(
        'thread_view',
        { limit: 100, ...personal, event_id: params.id },
        { signal },
      );
      return splitThread(page, params.id);
    }
    const page = await ctx.fetchPage(
      'long_form_content_thread_view',
      { limit: 100, ...personal, ...params },
      { signal },
    );
    return splitThread(page, undefined);
  },
  {
    key: (p) => ('id' in p ? p.id : `a:${p.kind}:${p.pubkey}:${p.identifier}`),
    shows: (v) => ({
      notes: [...v.parents, ...(v.focus ? [v.focus.id] : []), ...v.replies],
      users: v.focus ? [v.focus.pubkey] : [],
    }),
  },
);
