import { describe, expect, it } from 'vitest';
import { parseFeedSpec } from '@swell/cache-protocol';
import { finalizeEvent, generateSecretKey, nip19 } from '@swell/nostr';
import { MemoryStorage } from '../src/storage/storage.ts';
import { homeModel } from '../src/models/home-model.ts';
import { readsModel, topicSpec } from '../src/models/reads-model.ts';

import { ManualClock } from './manual-clock.ts';
import { waitFor } from './wait.ts';
import { modelHarness } from './model-harness.ts';

const harness = modelHarness();
const { cleanup, client } = harness;

describe('the home model', () => {
  it('lists the server’s feeds (a guest’s without Latest), opens the first, stores a choice and looks for new notes while shown', async () => {
    const clock = new ManualClock();
    const storage = new MemoryStorage();
    const c = client({ storage, models: { clock } });
    const sk = generateSecretKey();
    await c.api.importEvents([
      finalizeEvent(
        { kind: 1, created_at: Math.floor(Date.now() / 1000) - 60, tags: [], content: 'hello' },
        sk,
      ),
    ]);
    const held = c.models.acquire(homeModel, undefined);
    const home = held.model;
    await waitFor(() => home.getSnapshot().feeds.length > 0, 10_000, 'the feed list');
    const s = home.getSnapshot();
    expect(s.feeds.some((f) => parseFeedSpec(f.spec)?.id === 'latest')).toBe(false);
    expect(s.feeds.every((f) => f.enabled !== false)).toBe(true);
    expect(s.selected).toBe(s.feeds[0]!.spec);
    // The first of the list was picked for the guest, not chosen: nothing stored.
    expect(c.records.get(null).selectedHomeFeed).toBeUndefined();
    await waitFor(() => s.feed!.getSnapshot().pages === 1, 10_000, 'the first page');
    // Shown: the list looks for newer notes every 25-35 s.
    expect(clock.pending().some((ms) => ms >= 25_000 && ms < 35_000)).toBe(true);

    const allNotes = s.feeds.find((f) => parseFeedSpec(f.spec)?.id === 'all-notes')!.spec;
    home.select(allNotes);
    expect(home.getSnapshot()).toMatchObject({ selected: allNotes, opened: s.opened + 1 });
    expect(c.records.get(null).selectedHomeFeed).toBe(allNotes);
    const feed = home.getSnapshot().feed!;
    await waitFor(() => feed.getSnapshot().ids.length > 0, 10_000, 'all notes');
    // Left: no more checks; back: the same list and the checks again.
    held.release();
    expect(clock.pending().filter((ms) => ms >= 25_000 && ms < 35_000)).toEqual([]);
    const back = c.models.acquire(homeModel, undefined);
    expect(back.model.getSnapshot().feed).toBe(feed);
    expect(clock.pending().some((ms) => ms >= 25_000 && ms < 35_000)).toBe(true);
    back.release();

    // The next session on this device starts with the stored choice.
    const again = client({ storage });
    const next = again.models.acquire(homeModel, undefined);
    cleanup.push(() => next.release());
    await waitFor(() => next.model.getSnapshot().selected !== null, 10_000, 'the selection');
    expect(next.model.getSnapshot().selected).toBe(allNotes);
  });

  it('gives a signed-in user Latest, and a new home for a new session', async () => {
    const c = client();
    const guest = c.models.acquire(homeModel, undefined);
    await waitFor(() => guest.model.getSnapshot().feeds.length > 0, 10_000, 'the guest list');
    await c.session.signInWithNsec(nip19.nsecEncode(generateSecretKey()));
    const user = c.models.acquire(homeModel, undefined);
    cleanup.push(() => user.release());
    expect(user.model).not.toBe(guest.model);
    await waitFor(() => user.model.getSnapshot().feeds.length > 0, 10_000, 'the user list');
    expect(user.model.getSnapshot().feeds.some((f) => parseFeedSpec(f.spec)?.id === 'latest')).toBe(
      true,
    );
  });
});

describe('the reads model', () => {
  it('opens the stored selection or the first feed, a topic without storing it, and back', async () => {
    const c = client();
    const held = c.models.acquire(readsModel, undefined);
    cleanup.push(() => held.release());
    const reads = held.model;
    reads.show(null);
    await waitFor(() => reads.getSnapshot().feeds.length > 1, 10_000, 'the reads feeds');
    const s = reads.getSnapshot();
    expect(s.selected).toBe(s.feeds[0]!.spec);
    expect(s.feed!.source.orderBy).toBe('published_at');
    reads.show('#Bitcoin');
    expect(reads.getSnapshot()).toMatchObject({ topic: 'Bitcoin', selected: topicSpec('bitcoin') });
    expect(c.records.get(null).selectedReadsFeed).toBeUndefined();
    reads.select(s.feeds[1]!.spec);
    expect(c.records.get(null).selectedReadsFeed).toBe(s.feeds[1]!.spec);
    const chosen = reads.getSnapshot().feed;
    reads.select(s.feeds[1]!.spec);
    expect(reads.getSnapshot().feed).toBe(chosen);
    // A topic, then back to the list: the stored selection.
    reads.show('art');
    reads.show(null);
    expect(reads.getSnapshot()).toMatchObject({ topic: null, selected: s.feeds[1]!.spec });
    // The list is kept on this device for the next visit.
    expect(c.records.get(null).readsFeeds).toEqual(expect.arrayContaining(s.feeds));
  });
});
