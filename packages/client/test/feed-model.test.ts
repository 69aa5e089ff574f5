import { describe, expect, it } from 'vitest';
import {
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  nip19,
  type NostrEvent,
} from '@swell/nostr';
import { feedModel, type FeedModel, type FeedSource } from '../src/models/feed-model.ts';
import { HomeFeedModel } from '../src/models/home-feed-model.ts';
import { defineModel } from '../src/models/model.ts';
import { ManualClock } from './manual-clock.ts';
import { waitFor } from './wait.ts';
import { modelHarness } from './model-harness.ts';

const harness = modelHarness();
const { cleanup, client } = harness;

const base = Math.floor(Date.now() / 1000) - 3600;
const note = (sk: Uint8Array, created_at: number, content: string) =>
  finalizeEvent({ kind: 1, created_at, tags: [], content }, sk);
const repost = (sk: Uint8Array, original: NostrEvent, created_at: number) =>
  finalizeEvent(
    {
      kind: 6,
      created_at,
      tags: [
        ['e', original.id],
        ['p', original.pubkey],
      ],
      content: JSON.stringify(original),
    },
    sk,
  );

/** An author's notes and reposts, `limit` a page. */
const authored = (pubkey: string, limit: number): FeedSource => ({
  command: 'feed',
  payload: { pubkey, notes: 'authored', limit },
});

/** A list with the new-notes check (Home's kind of list) over any source. */
const watchedFeed = defineModel<FeedSource, HomeFeedModel>(
  'test-watched-feed',
  (ctx, source) => new HomeFeedModel(ctx, source),
);

async function loadAll(feed: FeedModel): Promise<void> {
  for (let i = 0; i < 50 && !feed.getSnapshot().done; i++) {
    await feed.loadMore();
    if (feed.getSnapshot().error) throw new Error(feed.getSnapshot().error!);
  }
}

describe('the feed model', () => {
  it('pages by feed range to the end, every note once, newest first, ties across pages included', async () => {
    const sk = generateSecretKey();
    // 23 notes, several sharing a timestamp, so pages end inside a run of equal values.
    const times = [0, 1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13];
    const events = times.map((t, i) => note(sk, base + t, `n${i}`));
    const c = client();
    await c.api.importEvents(events);
    const held = c.models.acquire(feedModel, authored(getPublicKey(sk), 4));
    cleanup.push(() => held.release());
    const feed = held.model;
    await loadAll(feed);
    const s = feed.getSnapshot();
    expect(s.error).toBeNull();
    expect(s.ids).toHaveLength(events.length);
    expect(new Set(s.ids)).toEqual(new Set(events.map((e) => e.id)));
    const created = s.ids.map((id) => c.store.note(id)!.created_at);
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(s.pages).toBeGreaterThanOrEqual(6);
    // Loading more when done asks nothing.
    await feed.loadMore();
    expect(feed.getSnapshot()).toBe(s);
  });

  it('shows one card per note: a repost on one page hides its original on the next, and "who reposted" stays', async () => {
    const sk = generateSecretKey();
    const original = note(sk, base + 50, 'the original');
    const fillers = [90, 80, 70, 60].map((t) => note(sk, base + t, `filler ${t}`));
    const again = repost(sk, original, base + 100);
    const c = client();
    await c.api.importEvents([original, ...fillers, again]);
    const held = c.models.acquire(feedModel, authored(getPublicKey(sk), 2));
    cleanup.push(() => held.release());
    await loadAll(held.model);
    const ids = held.model.getSnapshot().ids;
    expect(ids).toEqual([again.id, ...fillers.map((f) => f.id)]);
    expect(c.store.repostOf(again.id)).toBe(original.id);
  });

  it('finds newer notes behind the pill, one card per note, and shows them at the top', async () => {
    const sk = generateSecretKey();
    const first = [note(sk, base + 10, 'old 1'), note(sk, base + 20, 'old 2')];
    const c = client();
    await c.api.importEvents(first);
    const held = c.models.acquire(watchedFeed, authored(getPublicKey(sk), 10));
    cleanup.push(() => held.release());
    const feed = held.model;
    await feed.loadMore();
    expect(feed.getSnapshot().ids).toEqual([first[1]!.id, first[0]!.id]);
    await feed.checkNew();
    expect(feed.getSnapshot().future).toEqual([]);
    const newer = note(sk, base + 30, 'new');
    // A repost of a note on screen is not offered again.
    const shared = repost(sk, first[0]!, base + 31);
    await c.api.importEvents([newer, shared]);
    await feed.checkNew();
    expect(feed.getSnapshot().future).toEqual([newer.id]);
    // Asked again: nothing twice.
    await feed.checkNew();
    expect(feed.getSnapshot().future).toEqual([newer.id]);
    feed.showFuture();
    expect(feed.getSnapshot()).toMatchObject({
      ids: [newer.id, first[1]!.id, first[0]!.id],
      future: [],
    });
  });

  it('checks for newer notes every 25-35 s while watched, and stops', async () => {
    const sk = generateSecretKey();
    const clock = new ManualClock();
    const c = client({ models: { clock } });
    await c.api.importEvents([note(sk, base + 1, 'one')]);
    const held = c.models.acquire(watchedFeed, authored(getPublicKey(sk), 10));
    cleanup.push(() => held.release());
    const feed = held.model;
    await feed.loadMore();
    let liveSays: () => void = () => {};
    let liveStopped = false;
    const stop = feed.watchNew((onNew) => {
      liveSays = onNew;
      return () => {
        liveStopped = true;
      };
    });
    const [delay] = clock.pending();
    expect(delay).toBeGreaterThanOrEqual(25_000);
    expect(delay).toBeLessThan(35_000);
    const later = note(sk, base + 2, 'two');
    await c.api.importEvents([later]);
    clock.advance(35_000);
    await waitFor(() => feed.getSnapshot().future.length === 1, 10_000, 'the periodic check');
    // The live watch makes a check at once.
    const live = note(sk, base + 3, 'three');
    await c.api.importEvents([live]);
    liveSays();
    await waitFor(() => feed.getSnapshot().future.length === 2, 10_000, 'the live check');
    expect(feed.getSnapshot().future).toEqual([live.id, later.id]);
    stop();
    expect(liveStopped).toBe(true);
    await waitFor(() => clock.pending().length === 0, 5000, 'no timer left');
  });

  it('asks as the session’s viewer, holds what it shows, and is kept for back navigation with its scroll position', async () => {
    const sk = generateSecretKey();
    const me = generateSecretKey();
    const events = [1, 2, 3].map((t) => note(sk, base + t, `kept ${t}`));
    const c = client({ store: { maxNotes: 3 } });
    await c.api.importEvents(events);
    await c.session.signInWithNsec(nip19.nsecEncode(me));
    // The viewer's like of a note comes back as their own action on it.
    const like = finalizeEvent(
      {
        kind: 7,
        created_at: base + 5,
        tags: [
          ['e', events[0]!.id],
          ['p', events[0]!.pubkey],
        ],
        content: '+',
      },
      me,
    );
    await c.api.importEvents([like]);
    const source = authored(getPublicKey(sk), 10);
    const held = c.models.acquire(feedModel, source);
    await held.model.loadMore();
    expect(c.store.noteActions(events[0]!.id)?.liked).toBe(true);
    held.model.scroll = { y: 1234, anchor: 7, measurements: [] };
    held.release();
    // Other notes push the store past its cap: the list's stay.
    const other = generateSecretKey();
    for (let i = 0; i < 6; i++) c.store.ingestEvent(note(other, base + 100 + i, `other ${i}`));
    for (const e of events) expect(c.store.note(e.id)?.id).toBe(e.id);
    // Back: the same list, where the reader was.
    const back = c.models.acquire(feedModel, {
      ...source,
      payload: { limit: 10, notes: 'authored', pubkey: getPublicKey(sk) },
    });
    expect(back.model).toBe(held.model);
    expect(back.model.scroll).toMatchObject({ y: 1234, anchor: 7 });
    expect(back.model.getSnapshot().ids).toHaveLength(3);
    back.release();
  });
});
