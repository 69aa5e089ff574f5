import { describe, expect, it } from 'vitest';
import { decodePage, type FeedPage } from '@swell/cache-protocol';
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from '@swell/nostr';
import { EntityStore } from '../src/store/entity-store.ts';

const alice = generateSecretKey();
const bob = generateSecretKey();
const alicePk = getPublicKey(alice);
const bobPk = getPublicKey(bob);
let t = 1_700_000_000;
const ev = (sk: Uint8Array, kind: number, content: string, tags: string[][] = []): NostrEvent =>
  finalizeEvent({ kind, created_at: t++, tags, content }, sk);

const statsEvent = (id: string, likes: number, extra: Record<string, number> = {}) => ({
  kind: 10000100,
  content: JSON.stringify({
    event_id: id,
    likes,
    replies: 0,
    mentions: 0,
    reposts: 0,
    zaps: 0,
    satszapped: 0,
    score: 0,
    score24h: 0,
    ...extra,
  }),
});
const actionsEvent = (id: string, liked: boolean) => ({
  kind: 10000115,
  content: JSON.stringify({ event_id: id, liked, replied: false, reposted: false, zapped: false }),
});
const page = (...events: unknown[]): FeedPage => decodePage(events);

describe('EntityStore', () => {
  it('merges pages and single events, notifies once per page, and keeps identities stable', () => {
    const store = new EntityStore();
    const note = ev(alice, 1, 'hello');
    const profile = ev(alice, 0, JSON.stringify({ name: 'alice' }));
    let calls = 0;
    store.subscribe(() => calls++);
    store.ingestPage(page(note, profile, statsEvent(note.id, 3)));
    expect(calls).toBe(1);
    expect(store.note(note.id)).toEqual(note);
    expect(store.user(alicePk)).toEqual(profile);
    expect(store.profile(alicePk)?.name).toBe('alice');
    expect(store.profile(alicePk)).toBe(store.profile(alicePk));
    const stats = store.noteStats(note.id);
    expect(stats?.likes).toBe(3);
    expect(store.noteStats(note.id)).toBe(stats);
    // An older kind 0 does not replace a newer one.
    const old = finalizeEvent(
      { kind: 0, created_at: profile.created_at - 10, tags: [], content: '{"name":"old"}' },
      alice,
    );
    store.ingestEvent(old);
    expect(store.profile(alicePk)?.name).toBe('alice');
    const v = store.getSnapshot();
    store.ingestEvent(ev(bob, 1, 'from a relay'));
    expect(store.getSnapshot()).toBeGreaterThan(v);
  });

  it('shows a like at once and rolls it back on failure', () => {
    const store = new EntityStore();
    store.setViewer(bobPk);
    const note = ev(alice, 1, 'like me');
    store.ingestPage(page(note, statsEvent(note.id, 4), actionsEvent(note.id, false)));
    const before = store.noteStats(note.id);
    const beforeActions = store.noteActions(note.id);
    const like = store.change('like-1', { type: 'like', noteId: note.id });
    expect(store.noteStats(note.id)?.likes).toBe(5);
    expect(store.noteActions(note.id)?.liked).toBe(true);
    expect(store.noteStats(note.id)).toBe(store.noteStats(note.id));
    like.rollback();
    expect(store.noteStats(note.id)).toBe(before);
    expect(store.noteActions(note.id)).toBe(beforeActions);
  });

  it('a confirmed like is not taken away by an older page that arrives later', () => {
    const store = new EntityStore();
    store.setViewer(bobPk);
    const note = ev(alice, 1, 'like me');
    store.ingestPage(page(note, statsEvent(note.id, 4), actionsEvent(note.id, false)), {
      requestedAt: 100,
    });
    const like = store.change('like-1', { type: 'like', noteId: note.id });
    like.confirm(200);
    // Asked before the cache knew of the like, answered after it: the like stays.
    store.ingestPage(page(statsEvent(note.id, 4), actionsEvent(note.id, false)), {
      requestedAt: 150,
    });
    expect(store.noteStats(note.id)?.likes).toBe(5);
    expect(store.noteActions(note.id)?.liked).toBe(true);
    // The cache now counts it: no double count, and the overlay entry goes.
    store.ingestPage(page(statsEvent(note.id, 5), actionsEvent(note.id, true)), {
      requestedAt: 250,
    });
    expect(store.noteStats(note.id)?.likes).toBe(5);
    expect(store.pendingChange('like-1')).toBeUndefined();
    // A page asked for even earlier arrives last: ignored.
    store.ingestPage(page(statsEvent(note.id, 4), actionsEvent(note.id, false)), {
      requestedAt: 180,
    });
    expect(store.noteStats(note.id)?.likes).toBe(5);
    expect(store.noteActions(note.id)?.liked).toBe(true);
  });

  it('does not count a like twice when the cache already shows it liked', () => {
    const store = new EntityStore();
    store.setViewer(bobPk);
    const note = ev(alice, 1, 'liked already');
    store.ingestPage(page(note, statsEvent(note.id, 7), actionsEvent(note.id, true)));
    store.change('like-2', { type: 'like', noteId: note.id });
    expect(store.noteStats(note.id)?.likes).toBe(7);
  });

  it('keeps counting a sent like that joined the liked list until the cache counts it', () => {
    const store = new EntityStore();
    store.setViewer(bobPk);
    const note = ev(alice, 1, 'liked just now');
    // The page has no note actions for it (as feeds of other people's notes often do).
    store.ingestPage(page(note, statsEvent(note.id, 4)), { requestedAt: 1000 });
    const like = store.change('like-1', { type: 'like', noteId: note.id });
    expect(store.noteStats(note.id)?.likes).toBe(5);
    // Sent: the reaction is merged as published and the liked list has it now (the cache's
    // own actions and counts do not include it yet).
    like.confirm(2000);
    store.ingestEvent(
      ev(bob, 7, '+', [
        ['e', note.id],
        ['p', alicePk],
      ]),
    );
    store.setLikedIds([note.id]);
    expect(store.noteActions(note.id)?.liked).toBe(true);
    expect(store.noteStats(note.id)?.likes).toBe(5);
    // Stats asked after the like settled count it themselves.
    store.ingestPage(page(statsEvent(note.id, 5), actionsEvent(note.id, true)), {
      requestedAt: 3000,
    });
    expect(store.noteStats(note.id)?.likes).toBe(5);
  });

  it('counts each pending reply once', () => {
    const store = new EntityStore();
    const note = ev(alice, 1, 'reply to me');
    store.ingestPage(page(note, statsEvent(note.id, 0, { replies: 2 })));
    store.change('r1', { type: 'reply', noteId: note.id });
    store.change('r2', { type: 'reply', noteId: note.id });
    expect(store.noteStats(note.id)?.replies).toBe(4);
    expect(store.noteActions(note.id)?.replied).toBe(true);
  });

  it('hides a note being deleted at once, and notes their author deleted', () => {
    const store = new EntityStore();
    const mine = ev(alice, 1, 'to delete');
    const other = ev(bob, 1, 'not yours to delete');
    store.ingestPage(page(mine, other));
    const hide = store.change('del', { type: 'hide', noteId: mine.id });
    expect(store.note(mine.id)).toBeUndefined();
    expect(store.isDeleted(mine.id)).toBe(true);
    hide.rollback();
    expect(store.note(mine.id)).toEqual(mine);
    expect(store.isDeleted(mine.id)).toBe(false);
    store.ingestEvent(ev(alice, 5, '', [['e', mine.id]]));
    expect(store.note(mine.id)).toBeUndefined();
    expect(store.isDeleted(mine.id)).toBe(true);
    // Alice cannot delete Bob's note.
    store.ingestEvent(ev(alice, 5, '', [['e', other.id]]));
    expect(store.note(other.id)).toEqual(other);
    expect(store.isDeleted(other.id)).toBe(false);
    // A deletion seen before its note still hides the note.
    const later = ev(bob, 1, 'deleted before seen');
    store.ingestEvent(ev(bob, 5, '', [['e', later.id]]));
    store.ingestEvent(later);
    expect(store.note(later.id)).toBeUndefined();
  });

  it("tracks the viewer's own reactions and reposts, and the liked list", () => {
    const store = new EntityStore();
    store.setViewer(bobPk);
    const note = ev(alice, 1, 'react');
    store.ingestEvent(note);
    store.ingestEvent(
      ev(bob, 7, '+', [
        ['e', note.id],
        ['p', alicePk],
      ]),
    );
    expect(store.noteActions(note.id)?.liked).toBe(true);
    const repost = ev(bob, 6, JSON.stringify(note), [
      ['e', note.id],
      ['p', alicePk],
    ]);
    store.ingestEvent(repost);
    expect(store.noteActions(note.id)?.reposted).toBe(true);
    expect(store.repostOf(repost.id)).toBe(note.id);
    const other = ev(alice, 1, 'in the liked list');
    store.ingestEvent(other);
    store.setLikedIds([other.id]);
    expect(store.noteActions(other.id)?.liked).toBe(true);
    // Another viewer: nothing personal is kept.
    store.setViewer(alicePk);
    expect(store.noteActions(note.id)).toBeUndefined();
    expect(store.noteActions(other.id)).toBeUndefined();
  });

  it('stays bounded: unheld notes and users go first, held ones and what they show stay', () => {
    const store = new EntityStore({ maxNotes: 20, maxUsers: 5 });
    const quoted = ev(bob, 1, 'quoted by a held note');
    const held = ev(alice, 1, 'quoting', [['q', quoted.id]]);
    const lease = store.retain([held.id]);
    store.ingestPage(page(quoted, held, ev(alice, 0, '{"name":"alice"}')));
    // Many more (the store does not verify signatures, so these need none).
    const hex = (n: number, w = 64) => n.toString(16).padStart(w, '0');
    for (let i = 0; i < 200; i++) {
      const pubkey = hex(1000 + (i % 30));
      const base = { pubkey, created_at: t++, tags: [], sig: hex(i, 128) };
      store.ingestPage(
        page(
          { ...base, id: hex(5000 + i), kind: 1, content: `note ${i}` },
          { ...base, id: hex(9000 + i), kind: 0, content: `{"name":"u${i}"}` },
        ),
      );
    }
    const sizes = store.sizes();
    expect(sizes.notes).toBeLessThanOrEqual(25);
    expect(sizes.users).toBeLessThanOrEqual(7);
    expect(store.note(held.id)).toEqual(held);
    expect(store.note(quoted.id)).toEqual(quoted);
    expect(store.user(alicePk)).toBeDefined();
    lease.release();
    store.prune();
    expect(store.sizes().notes).toBeLessThanOrEqual(20);
  });
});
