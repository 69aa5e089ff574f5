import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import {
  commentTemplate,
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  highlightTemplate,
  nip19,
  type EventTemplate,
} from '@swell/nostr';
import { comment, highlight } from '../src/actions/discuss.ts';
import { articleDiscussionModel } from '../src/models/article-discussion-model.ts';
import { modelHarness } from './model-harness.ts';
import { waitFor } from './wait.ts';

const harness = modelHarness();
const now = Math.floor(Date.now() / 1000);
const alice = generateSecretKey();
const bob = generateSecretKey();
const sign = (t: EventTemplate, sk: Uint8Array) => finalizeEvent(t, sk);
const article = sign(
  {
    kind: 30023,
    created_at: now - 1000,
    tags: [
      ['d', 'essay'],
      ['title', 'Essay'],
    ],
    content: 'One sentence. Another sentence worth keeping.',
  },
  alice,
);
const address = { pubkey: getPublicKey(alice), kind: 30023, identifier: 'essay' };

let outboxes = 0;

describe('the article discussion model', () => {
  it('lists the comments as threads and the highlights, and joins the viewer’s own at once', async () => {
    const top = sign(
      commentTemplate({ content: 'Nice.', target: article, createdAt: now - 500 }),
      bob,
    );
    const reply = sign(
      commentTemplate({ content: 'Thanks!', target: top, createdAt: now - 400 }),
      alice,
    );
    const later = sign(
      commentTemplate({ content: 'Second.', target: article, createdAt: now - 300 }),
      bob,
    );
    const marked = sign(
      highlightTemplate({ text: 'One sentence.', source: article, createdAt: now - 200 }),
      bob,
    );
    const guest = harness.client();
    await guest.api.importEvents([article, top, reply, later, marked]);

    const held = guest.models.acquire(articleDiscussionModel, address);
    harness.cleanup.push(() => held.release());
    await waitFor(() => held.model.getSnapshot().data !== undefined, 10_000, 'the discussion');
    const data = held.model.getSnapshot().data!;
    expect(data.comments).toEqual([
      { id: top.id, replies: [{ id: reply.id, replies: [] }] },
      { id: later.id, replies: [] },
    ]);
    expect(data.commentCount).toBe(3);
    expect(data.highlights.map((h) => [h.id, h.text])).toEqual([[marked.id, 'One sentence.']]);
    expect(guest.store.note(reply.id)?.content).toBe('Thanks!');

    // A signed-in reader's comment and quote highlight show before any relay answers.
    const carolKey = generateSecretKey();
    const carol = harness.client({
      write: {
        indexedDB: new IDBFactory(),
        outboxName: `discussion-${++outboxes}`,
        publishTimeoutMs: 3000,
      },
    });
    await carol.session.signInWithNsec(nip19.nsecEncode(carolKey));
    const mine = carol.models.acquire(articleDiscussionModel, address);
    harness.cleanup.push(() => mine.release());
    await waitFor(() => mine.model.getSnapshot().data !== undefined, 10_000, 'carol’s discussion');
    const write = await carol.write();
    const sent = await comment(write, reply, 'Me too.');
    const quoted = await highlight(write, {
      text: 'Another sentence worth keeping.',
      source: article,
      comment: 'This.',
    });
    await waitFor(
      () => mine.model.getSnapshot().data!.commentCount === 4,
      10_000,
      'the own comment',
    );
    const after = mine.model.getSnapshot().data!;
    expect(after.comments[0]!.replies[0]!.replies).toEqual([{ id: sent.event.id, replies: [] }]);
    expect(after.highlights[0]).toMatchObject({ id: quoted.event.id, comment: 'This.' });
    expect(carol.store.note(sent.event.id)?.content).toBe('Me too.');
    // The reply points at its parent comment and keeps the article as its root (NIP-22).
    expect(sent.event.tags).toContainEqual(['e', reply.id, '', reply.pubkey]);
    expect(sent.event.tags).toContainEqual(['A', `30023:${address.pubkey}:essay`]);

    // Discarded from the outbox: gone from the discussion.
    await write.discard(sent.event.id);
    await waitFor(
      () => mine.model.getSnapshot().data!.commentCount === 3,
      10_000,
      'the discarded comment gone',
    );
  });
});
