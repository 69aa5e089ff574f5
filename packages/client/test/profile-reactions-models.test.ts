import { describe, expect, it } from 'vitest';
import { finalizeEvent, generateSecretKey, getPublicKey, nip19 } from '@swell/nostr';
import { profileModel, profileSidebarModel } from '../src/models/profile-models.ts';
import { reactionsModel } from '../src/models/reactions-model.ts';
import { waitFor } from './wait.ts';
import { modelHarness } from './model-harness.ts';

const { client } = modelHarness();

const now = () => Math.floor(Date.now() / 1000);

describe('the profile and reactions models', () => {
  it('load a profile, its sidebar and a note’s reactions into the store, and say what is missing', async () => {
    const c = client();
    const alice = generateSecretKey();
    const bob = generateSecretKey();
    const carol = generateSecretKey();
    const alicePk = getPublicKey(alice);
    const sign = (sk: Uint8Array, kind: number, content: string, tags: string[][] = [], ago = 60) =>
      finalizeEvent({ kind, created_at: now() - ago, tags, content }, sk);
    const profile = sign(alice, 0, JSON.stringify({ name: 'alice', about: 'hi' }), [], 300);
    const note = sign(alice, 1, 'a note worth liking', [], 200);
    const article = sign(alice, 30023, '# Title\n\nbody', [
      ['d', 'first'],
      ['title', 'First article'],
      ['published_at', String(now() - 250)],
    ]);
    const relays = sign(alice, 10002, '', [['r', 'wss://relay.example.com']]);
    const like = sign(bob, 7, '+', [
      ['e', note.id],
      ['p', alicePk],
    ]);
    const repost = sign(bob, 6, JSON.stringify(note), [
      ['e', note.id],
      ['p', alicePk],
    ]);
    const quote = sign(carol, 1, `look: nostr:${nip19.noteEncode(note.id)}`, [['q', note.id]]);
    await c.api.importEvents([profile, note, article, relays, like, repost, quote]);

    const found = c.models.acquire(profileModel, alicePk);
    await waitFor(() => found.model.getSnapshot().data !== undefined, 10_000, 'the profile');
    expect(found.model.getSnapshot().data).toEqual({ pubkey: alicePk, found: true });
    expect(c.store.user(alicePk)?.id).toBe(profile.id);
    const nobody = getPublicKey(generateSecretKey());
    const missing = c.models.acquire(profileModel, nobody);
    await waitFor(() => missing.model.getSnapshot().data !== undefined, 10_000, 'no profile');
    expect(missing.model.getSnapshot().data!.found).toBe(false);

    const side = c.models.acquire(profileSidebarModel, alicePk);
    await waitFor(() => side.model.getSnapshot().data !== undefined, 10_000, 'the sidebar');
    const s = side.model.getSnapshot().data!;
    expect(s.relays).toEqual(['wss://relay.example.com']);
    expect(s.articles.map((a) => a.id)).toEqual([article.id]);
    expect(s.common).toEqual([]); // a guest follows nobody
    expect(s.scored.every((n) => n.kind === 1 && n.pubkey === alicePk)).toBe(true);

    const rows = async (tab: 'likes' | 'reposts' | 'quotes') => {
      const held = c.models.acquire(reactionsModel, { noteId: note.id, tab });
      await waitFor(() => held.model.getSnapshot().data !== undefined, 10_000, tab);
      return held.model.getSnapshot().data!;
    };
    expect((await rows('likes')).map((r) => r.pubkey)).toEqual([getPublicKey(bob)]);
    expect((await rows('reposts')).map((r) => r.pubkey)).toEqual([getPublicKey(bob)]);
    const quotes = await rows('quotes');
    expect(quotes.map((r) => r.noteId)).toEqual([quote.id]);
    // What the rows show is in the store for the rows to render.
    expect(c.store.note(quote.id)?.content).toContain('look:');
    expect(c.store.user(getPublicKey(bob))).toBeUndefined(); // bob has no kind 0: a bare row
  });
});
