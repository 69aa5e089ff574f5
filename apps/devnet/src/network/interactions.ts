import type { Rng } from '../rng.ts';
import type { NetworkBuilder, NoteRef } from './context.ts';
import { REACTIONS } from './vocabulary.ts';

/** Deletions (kind 5): a few notes their authors took back. Done first, so nothing else touches them. */
export function buildDeletions(b: NetworkBuilder): void {
  const rng = b.rng('deletions');
  const candidates = b.notes.filter(
    (n) => n.depth === 0 && !n.author.demo && n.event.created_at < b.now - 3600,
  );
  for (const n of rng.sample(candidates, Math.max(3, Math.round(candidates.length * 0.005)))) {
    n.deleted = true;
    b.publish(
      {
        kind: 5,
        created_at: b.after(rng, n.event.created_at, 600),
        tags: [
          ['e', n.event.id],
          ['k', '1'],
        ],
        content: rng.pick(['posted by mistake', 'typo', '']),
      },
      n.author.secretKey,
    );
  }
}

/** Likes and emoji reactions (kind 7) and reposts (kind 6), weighted by the author's popularity. */
export function buildReactionsAndReposts(b: NetworkBuilder): void {
  const rng = b.rng('reactions');
  const weights = b.users.map((u) => u.activity + 0.3);
  const live = b.notes.filter((n) => !n.deleted);
  for (const note of live) {
    const pop = note.author.popularity * (note.depth === 0 ? 1 : 0.3);
    const likes = Math.min(80, Math.floor(rng.heavyTail(0.25 + pop * 7, 0.9)));
    const seen = new Set<string>([note.author.pubkey]);
    for (let i = 0; i < likes; i++) {
      const who = b.pickUser(rng, weights, note.author);
      if (seen.has(who.pubkey)) continue;
      seen.add(who.pubkey);
      b.publish(
        {
          kind: 7,
          created_at: b.after(rng, note.event.created_at, 4 * 3600),
          tags: [
            ['e', note.event.id, b.relayUrl, note.author.pubkey],
            ['p', note.author.pubkey],
            ['k', '1'],
          ],
          content: rng.pick(REACTIONS),
        },
        who.secretKey,
      );
    }
    if (note.depth > 0) continue;
    const reposts = Math.floor(rng.heavyTail(0.03 + pop * 1.2, 1));
    for (let i = 0; i < Math.min(reposts, 25); i++)
      repost(b, rng, note, b.pickUser(rng, weights, note.author).secretKey);
  }
}

function repost(b: NetworkBuilder, rng: Rng, note: NoteRef, key: Uint8Array): void {
  b.pool.signNow(note.event); // the repost carries the signed original
  b.publish(
    {
      kind: 6,
      created_at: b.after(rng, note.event.created_at, 6 * 3600),
      tags: [
        ['e', note.event.id, b.relayUrl],
        ['p', note.author.pubkey],
      ],
      content: JSON.stringify(note.event),
    },
    key,
  );
}
