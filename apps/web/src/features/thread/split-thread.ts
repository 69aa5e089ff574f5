import type { FeedPage, SignedEvent } from '@swell/cache-protocol';
import { replyTo } from '@swell/nostr';

export interface ThreadView {
  parents: string[];
  focus: SignedEvent | undefined;
  replies: string[];
}

/** Splits a thread_view answer: parent chain (oldest first), the note, its direct replies. */
export function splitThread(page: FeedPage, id: string | undefined): ThreadView {
  const byId = new Map(page.notes.map((n) => [n.id, n]));
  const focus = id ? byId.get(id) : (page.notes.find((n) => n.kind === 30023) ?? page.notes[0]);
  if (!focus) return { parents: [], focus: undefined, replies: [] };
  let parents: string[];
  let replies: string[];
  if (page.ranges.length >= 2) {
    parents = page.ranges[0]!.elements.filter((e) => e !== focus.id && byId.has(e));
    // An article's NIP-22 comments are its discussion's (features/reads), not replies here.
    replies = page.ranges[1]!.elements.filter(
      (e) => e !== focus.id && byId.has(e) && !(focus.kind === 30023 && byId.get(e)!.kind === 1111),
    );
  } else {
    parents = [];
    for (
      let p = replyTo(focus);
      p && byId.has(p) && !parents.includes(p);
      p = replyTo(byId.get(p)!)
    )
      parents.unshift(p);
    replies = page.notes
      .filter((n) => n.id !== focus.id && replyTo(n) === focus.id)
      .sort((a, b) => b.created_at - a.created_at)
      .map((n) => n.id);
  }
  return { parents, focus, replies };
}
