import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '@swell/client';
import { finalizeEvent, generateSecretKey, getPublicKey, nip19 } from '@swell/nostr';
import {
  canPost,
  hashtagsOf,
  insertAt,
  insertMention,
  mentionAt,
} from '@/features/write/composer/composer-text.ts';
import { draftKey } from '@/features/write/composer-store.ts';
import { publishToastKey } from '@/features/write/publish-toast.ts';
import { pendingRootNotes } from '@/features/write/pending-notes.ts';
import {
  newPollDraft,
  pollEndsAt,
  pollEvent,
  pollProblem,
} from '@/features/write/composer/poll-draft.ts';
import { parsePoll } from '@swell/nostr';

const sk = generateSecretKey();
const me = getPublicKey(sk);
const other = getPublicKey(generateSecretKey());

const note = (content: string, tags: string[][] = [], created_at = 1000) =>
  finalizeEvent({ kind: 1, content, tags, created_at }, sk);

const item = (event: ReturnType<typeof note>, status: OutboxItem['status'] = 'sending') =>
  ({
    id: event.id,
    event,
    relays: [],
    addedAt: 0,
    attempts: 0,
    status,
    lastErrors: {},
    nextAttemptAt: null,
  }) as OutboxItem;

describe('composer text', () => {
  it('finds the @mention being typed, not e-mail addresses or a bare @', () => {
    expect(mentionAt('hi @ali', 7)).toEqual({ start: 3, end: 7, query: 'ali' });
    expect(mentionAt('@bob', 4)).toEqual({ start: 0, end: 4, query: 'bob' });
    expect(mentionAt('(@bo', 4)?.query).toBe('bo');
    expect(mentionAt('mail me@host', 12)).toBeNull();
    expect(mentionAt('hi @ ', 5)).toBeNull();
    // Only up to the caret.
    expect(mentionAt('hi @alice and more', 7)?.query).toBe('ali');
  });

  it('replaces the typed @query with a nostr:nprofile reference and a space', () => {
    const text = 'hello @ali!';
    const m = mentionAt(text, 10)!;
    const edit = insertMention(text, m, other);
    const ref = `nostr:${nip19.encode({ type: 'nprofile', data: { pubkey: other } })} `;
    expect(edit.text).toBe(`hello ${ref}!`);
    expect(edit.caret).toBe(6 + ref.length);
    // No double space when one follows.
    const spaced = insertMention('@al more', mentionAt('@al more', 3)!, other);
    expect(spaced.text).toBe(`${ref}more`);
  });

  it('inserts an emoji at the selection', () => {
    expect(insertAt('ab', 1, 1, '🔥')).toEqual({ text: 'a🔥b', caret: 3 });
    expect(insertAt('abcd', 1, 3, '🌊')).toEqual({ text: 'a🌊d', caret: 3 });
  });

  it('lists the hashtags a note will carry as t tags, lower-cased, once each', () => {
    expect(hashtagsOf('#Nostr and #nostr, #zaps! no#tag')).toEqual(['nostr', 'zaps']);
    expect(canPost('  \n ')).toBe(false);
    expect(canPost(' x ')).toBe(true);
  });

  it('keeps drafts per note answered, quotes apart from replies, the root otherwise', () => {
    const n = note('parent');
    expect(draftKey({ mode: 'new' })).toBeUndefined();
    expect(draftKey({ mode: 'reply', note: n })).toBe(n.id);
    expect(draftKey({ mode: 'quote', note: n })).toBe(`quote:${n.id}`);
  });
});

describe('outbox in the UI', () => {
  it("puts the user's own new notes (not replies, not others') on home, newest first", () => {
    const older = note('older', [], 1000);
    const newer = note('newer', [], 2000);
    const reply = note('a reply', [['e', older.id, '', 'root']], 3000);
    const items = {
      [older.id]: item(older, 'sent'),
      [newer.id]: item(newer, 'failed'),
      [reply.id]: item(reply),
    };
    expect(pendingRootNotes(items, me)).toEqual([newer.id, older.id]);
    expect(pendingRootNotes(items, other)).toEqual([]);
    expect(pendingRootNotes(items, null)).toEqual([]);
    // The same array for the same snapshot (React keeps its effect quiet).
    expect(pendingRootNotes(items, me)).toBe(pendingRootNotes(items, me));
  });

  it('puts new polls, picture posts and videos there too, not other kinds', () => {
    const at = (kind: number, created_at: number) =>
      finalizeEvent({ kind, content: '', tags: [], created_at }, sk);
    const [poll, pictures, short, wide, like] = [
      at(1068, 1000),
      at(20, 2000),
      at(22, 3000),
      at(21, 4000),
      at(7, 5000),
    ];
    const items = Object.fromEntries(
      [poll, pictures, short, wide, like].map((e) => [e.id, item(e)]),
    );
    expect(pendingRootNotes(items, me)).toEqual([wide.id, short.id, pictures.id, poll.id]);
  });
});

describe('the composer poll (NIP-88)', () => {
  const now = 1_700_000_000;
  const relays = ['wss://relay.example/relay'];

  it('makes a kind 1068 with its options, type, end and relays for the votes', () => {
    const draft = {
      ...newPollDraft(relays),
      options: ['Red', ' Green ', '', 'Blue'],
      multiple: true,
      span: '1h' as const,
    };
    expect(pollProblem(draft, 'Which colour?', now)).toBeNull();
    const tpl = pollEvent(draft, 'Which colour?', now);
    expect(tpl.kind).toBe(1068);
    expect(tpl.content).toBe('Which colour?');
    const event = finalizeEvent(tpl, sk);
    const poll = parsePoll(event)!;
    expect(poll.options.map((o) => o.label)).toEqual(['Red', 'Green', 'Blue']);
    expect(poll.type).toBe('multiplechoice');
    expect(poll.endsAt).toBe(now + 3600);
    expect(poll.relays).toEqual(relays);
    expect(tpl.tags.filter((t) => t[0] === 'option').every((t) => /^\w{9}$/.test(t[1]!))).toBe(
      true,
    );
    // One choice unless asked; a poll with no relay chosen has no relay tag.
    const single = pollEvent({ ...draft, multiple: false, relays: [] }, 'Q?', now);
    expect(single.tags).toContainEqual(['polltype', 'singlechoice']);
    expect(single.tags.some((t) => t[0] === 'relay')).toBe(false);
  });

  it('says what keeps a poll from going out', () => {
    const draft = { ...newPollDraft(relays), options: ['Yes', 'No'] };
    expect(pollProblem(draft, '  ', now)).toBe('pollNeedsQuestion');
    expect(pollProblem({ ...draft, options: ['Yes', ' '] }, 'Q?', now)).toBe('pollNeedsOptions');
    expect(pollProblem({ ...draft, options: ['Yes', 'yes '] }, 'Q?', now)).toBe('pollRepeats');
    const custom = { ...draft, span: 'custom' as const };
    expect(pollProblem({ ...custom, endsAtLocal: '' }, 'Q?', now)).toBe('pollEndPast');
    const past = new Date((now - 60) * 1000);
    const future = new Date((now + 120) * 1000);
    const local = (d: Date) =>
      new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    expect(pollProblem({ ...custom, endsAtLocal: local(past) }, 'Q?', now)).toBe('pollEndPast');
    const ok = { ...custom, endsAtLocal: local(future) };
    expect(pollProblem(ok, 'Q?', now)).toBeNull();
    expect(pollEndsAt(ok, now)).toBe(Math.floor(future.getTime() / 60_000) * 60);
  });

  it('shows the spec messages for each publish outcome, none for a discard', () => {
    expect(publishToastKey({ status: 'sent', id: 'x', relay: 'wss://r' })).toBe('write.published');
    expect(
      publishToastKey({
        status: 'timeout',
        id: 'x',
        report: { accepted: [], failed: {} },
      } as never),
    ).toBe('write.timeout');
    expect(
      publishToastKey({ status: 'failed', id: 'x', report: { accepted: [], failed: {} } } as never),
    ).toBe('write.failed');
    expect(publishToastKey({ status: 'discarded', id: 'x' })).toBeNull();
  });
});
