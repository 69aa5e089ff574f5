import { nip19 } from '@swell/nostr';
import type { Rng } from '../rng.ts';
import type { DemoUser, NetworkBuilder, NoteRef } from './context.ts';
import { noteContent, pickContentType, sentence, type ContentType } from './content.ts';
import { REPLY_PHRASES } from './vocabulary.ts';

/** Root notes of every content type, spread over the whole period; records the type of each. */
export function buildRootNotes(b: NetworkBuilder, days: number): Map<string, ContentType> {
  const rng = b.rng('notes');
  const slots: Array<{ at: number; author: DemoUser }> = [];
  for (const u of b.users) {
    const count = Math.round(u.activity * days * (0.5 + rng.float()));
    for (let i = 0; i < count; i++)
      slots.push({ at: b.start + rng.int(0, b.now - b.start - 60), author: u });
  }
  slots.sort((x, y) => x.at - y.at || x.author.index - y.author.index);
  const types = new Map<string, ContentType>();
  for (const { at, author } of slots) {
    const draft = noteContent(b, rng, pickContentType(rng), author, at, b.notes, b.articles);
    const event = b.publish(
      { kind: 1, created_at: at, tags: draft.tags, content: draft.content },
      author.secretKey,
    );
    types.set(event.id, draft.type);
    b.notes.push({ event, author, root: event, depth: 0, deleted: false });
  }
  return types;
}

function replyTags(b: NetworkBuilder, parent: NoteRef): string[][] {
  const root = parent.root;
  const tags: string[][] = [['e', root.id, b.relayUrl, 'root', root.pubkey]];
  if (parent.event.id !== root.id)
    tags.push(['e', parent.event.id, b.relayUrl, 'reply', parent.event.pubkey]);
  const ps = new Set([root.pubkey, parent.event.pubkey]);
  for (const t of parent.event.tags) if (t[0] === 'p' && t[1]) ps.add(t[1]);
  for (const p of ps) tags.push(['p', p]);
  return tags;
}

export function publishReply(
  b: NetworkBuilder,
  rng: Rng,
  parent: NoteRef,
  author: DemoUser,
  at: number,
): NoteRef {
  const tags = replyTags(b, parent);
  let content = rng.chance(0.2) ? sentence(rng, rng.pick(author.topics)) : rng.pick(REPLY_PHRASES);
  if (rng.chance(0.08)) {
    const who = b.users[rng.int(0, b.users.length - 1)]!;
    if (!tags.some((t) => t[0] === 'p' && t[1] === who.pubkey)) tags.push(['p', who.pubkey]);
    content += ` nostr:${nip19.npubEncode(who.pubkey)}`;
  }
  const event = b.publish({ kind: 1, created_at: at, tags, content }, author.secretKey);
  const ref: NoteRef = {
    event,
    author,
    root: parent.root,
    depth: parent.depth + 1,
    deleted: false,
  };
  b.notes.push(ref);
  return ref;
}

/** Replies: more for popular authors, sometimes nested several levels deep. */
export function buildReplies(b: NetworkBuilder): void {
  const rng = b.rng('replies');
  const activity = b.users.map((u) => u.activity + 0.2);
  const roots = b.notes.filter((n) => n.depth === 0);
  for (const root of roots) {
    const expected = 0.15 + root.author.popularity * 4;
    let count = Math.floor(rng.heavyTail(expected, 0.8));
    const queue: NoteRef[] = [root];
    while (count-- > 0 && root.event.created_at < b.now - 120) {
      const parent = rng.chance(0.65) ? root : rng.pick(queue);
      const author =
        rng.chance(0.25) && parent !== root
          ? root.author
          : b.pickUser(rng, activity, parent.author);
      const at = b.after(rng, parent.event.created_at, 3 * 3600);
      queue.push(publishReply(b, rng, parent, author, at));
    }
  }
}

/** Long threads: a few notes of demo accounts become conversations of 40 to 70 replies. */
export function buildLongThreads(b: NetworkBuilder): void {
  const rng = b.rng('long-threads');
  const demoRoots = b.notes.filter(
    (n) => n.depth === 0 && n.author.demo && n.event.created_at < b.now - 5 * 86400,
  );
  const activity = b.users.map((u) => u.activity + 0.2);
  for (const root of rng.sample(demoRoots, 3)) {
    let parent = root;
    const chain: NoteRef[] = [root];
    const size = rng.int(40, 70);
    for (let i = 0; i < size; i++) {
      // Back-and-forth between two people in a deep chain, with side replies.
      const author =
        i % 2 === 0
          ? b.users[(root.author.index + 1) % 8]!
          : rng.chance(0.7)
            ? root.author
            : b.pickUser(rng, activity);
      const target = rng.chance(0.75) ? parent : rng.pick(chain);
      const reply = publishReply(
        b,
        rng,
        target,
        author,
        b.after(rng, target.event.created_at, 1800),
      );
      chain.push(reply);
      if (target === parent) parent = reply;
    }
  }
}
