import type { NostrEvent } from '@swell/nostr';
import { importAll, User, zapReceipt, type CacheClient } from './cache-helpers.ts';

// The people and events cache-personal.test.ts and cache-state.test.ts both start from.
export const now = Math.floor(Date.now() / 1000);
export const alice = new User();
export const bob = new User();
export const carol = new User();
export const dave = new User(); // owner of a filter list
const wallet = new User(); // signs zap receipts

const zap = (sender: User, target: NostrEvent, sats: number, at: number, message = '') =>
  zapReceipt(wallet, sender, target, sats, at, message);

export interface Seeded {
  bobNote: NostrEvent;
  carolNote: NostrEvent;
  article: NostrEvent;
}

/** Profiles, follows, notes, an article and its highlight, zaps, a like, a bookmark, DMs. */
export async function seedPersonal(c: CacheClient): Promise<Seeded> {
  const bobNote = bob.sign(
    1,
    'bitcoin is #money and "hard money" too',
    [['t', 'money']],
    now - 300,
  );
  const carolNote = carol.sign(1, 'carol about nostr https://example.com/x.mp4', [], now - 200);
  const article = carol.sign(
    30023,
    'A long read about nostr with several words in it',
    [
      ['d', 'my-article'],
      ['title', 'Nostr'],
      ['t', 'nostr'],
    ],
    now - 250,
  );
  const highlight = bob.sign(
    9802,
    'several words',
    [['a', `30023:${carol.pubkey}:my-article`]],
    now - 240,
  );
  await importAll(c, [
    alice.sign(0, JSON.stringify({ name: 'alice', nip05: 'alice@127.0.0.1' }), [], now - 1000),
    bob.sign(0, JSON.stringify({ name: 'bobby tables' }), [], now - 1000),
    carol.sign(0, JSON.stringify({ name: 'carol' }), [], now - 1000),
    alice.sign(
      3,
      '',
      [
        ['p', bob.pubkey],
        ['p', carol.pubkey],
      ],
      now - 900,
    ),
    bob.sign(3, '', [['p', carol.pubkey]], now - 900),
    alice.sign(
      10002,
      '',
      [
        ['r', 'wss://a.example', 'read'],
        ['r', 'wss://b.example'],
      ],
      now - 900,
    ),
    bobNote,
    carolNote,
    article,
    highlight,
    zap(alice, bobNote, 21, now - 100, 'nice'),
    zap(carol, bobNote, 500, now - 90),
    zap(alice, carolNote, 100, now - 80),
    alice.sign(
      7,
      '+',
      [
        ['e', bobNote.id],
        ['p', bob.pubkey],
      ],
      now - 70,
    ),
    alice.sign(10003, '', [['e', carolNote.id]], now - 60),
    alice.sign(4, 'ciphertext?iv=abc', [['p', bob.pubkey]], now - 50),
    bob.sign(4, 'reply?iv=def', [['p', alice.pubkey]], now - 40),
  ]);
  return { bobNote, carolNote, article };
}
