import { describe, expect, it } from 'vitest';
import { decodePage } from '@swell/cache-protocol';
import { finalizeEvent, generateSecretKey, getPublicKey } from '@swell/nostr';
import { EntityStore } from '../src/store/entity-store.ts';

// The tally of a poll as the cache serves it (10000179, Primal's PollStats) and the viewer's vote
// (10000115 voted_for_option / voted_for_options), with a vote just sent counting at once.

const alice = generateSecretKey();
const bobPk = getPublicKey(generateSecretKey());
const poll = finalizeEvent(
  {
    kind: 1068,
    created_at: 1_700_000_000,
    content: 'Which colour?',
    tags: [
      ['option', 'red', 'Red'],
      ['option', 'blue', 'Blue'],
    ],
  },
  alice,
);

const tally = (red: number, blue: number) => ({
  kind: 10000179,
  content: JSON.stringify({
    [poll.id]: { red: { votes: red, satszapped: 0 }, blue: { votes: blue, satszapped: 0 } },
  }),
});
const actions = (voted: string | null) => ({
  kind: 10000115,
  content: JSON.stringify({
    event_id: poll.id,
    liked: false,
    replied: false,
    reposted: false,
    zapped: false,
    voted_for_option: voted,
  }),
});

describe('EntityStore.pollView', () => {
  it('holds the tally and the viewer’s vote, and a newer page replaces them', () => {
    const store = new EntityStore({ now: () => 1000 });
    store.setViewer(bobPk);
    expect(store.pollView(poll.id)).toBeUndefined();
    store.ingestPage(decodePage([poll, tally(2, 1), actions('red')]), { requestedAt: 10 });
    const view = store.pollView(poll.id)!;
    expect(view.options).toEqual({
      red: { votes: 2, satszapped: 0 },
      blue: { votes: 1, satszapped: 0 },
    });
    expect(view.mine).toEqual(['red']);
    expect(view.pending).toBe(false);
    expect(store.pollView(poll.id)).toBe(view); // same object for the same data
    // An older answer (asked before) does not replace it.
    store.ingestPage(decodePage([poll, tally(0, 0), actions(null)]), { requestedAt: 5 });
    expect(store.pollView(poll.id)!.options.red!.votes).toBe(2);
    store.ingestPage(decodePage([poll, tally(3, 1), actions('red')]), { requestedAt: 20 });
    expect(store.pollView(poll.id)!.options.red!.votes).toBe(3);
  });

  it('a vote just sent counts at once, moved off the option it replaces, until the cache counts it', () => {
    const store = new EntityStore({ now: () => 1000 });
    store.setViewer(bobPk);
    store.ingestPage(decodePage([poll, tally(2, 1), actions('red')]), { requestedAt: 10 });
    store.setOwnPollVote(poll.id, ['blue']);
    let view = store.pollView(poll.id)!;
    expect(view.mine).toEqual(['blue']);
    expect(view.pending).toBe(true);
    expect(view.options.red!.votes).toBe(1);
    expect(view.options.blue!.votes).toBe(2);
    // The cache has not counted it yet: still shown once, not twice.
    store.ingestPage(decodePage([poll, tally(2, 1), actions('red')]), { requestedAt: 20 });
    expect(store.pollView(poll.id)!.options.blue!.votes).toBe(2);
    // It has: the cache's numbers stand alone.
    store.ingestPage(decodePage([poll, tally(1, 2), actions('blue')]), { requestedAt: 30 });
    view = store.pollView(poll.id)!;
    expect(view).toMatchObject({ mine: ['blue'], pending: false });
    expect(view.options.blue!.votes).toBe(2);
    // A vote taken back (discarded before any relay had it) shows the cache's again.
    store.setOwnPollVote(poll.id, ['red']);
    store.setOwnPollVote(poll.id, null);
    expect(store.pollView(poll.id)!.mine).toEqual(['blue']);
  });

  it('a first vote on a poll the viewer had not voted on adds one', () => {
    const store = new EntityStore();
    store.setViewer(bobPk);
    store.ingestPage(decodePage([poll, tally(0, 0), actions(null)]));
    expect(store.pollView(poll.id)!.mine).toEqual([]);
    store.setOwnPollVote(poll.id, ['red']);
    expect(store.pollView(poll.id)!.options.red!.votes).toBe(1);
    // Another viewer sees nothing of it.
    store.setViewer(getPublicKey(generateSecretKey()));
    expect(store.pollView(poll.id)!.mine).toEqual([]);
  });
});
