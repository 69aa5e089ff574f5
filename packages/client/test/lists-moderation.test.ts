import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateSecretKey, getPublicKey, type EventTemplate } from '@swell/nostr';
import type { SwellClient } from '../src/swell-client.ts';
import type { ClientError } from '../src/errors.ts';
import { clientTestServer, type ClientTestServer } from './helpers.ts';
import { onRelay, publishRaw, pubkeys, signed, signedInClient } from './list-helpers.ts';

let server: ClientTestServer;
const clients: SwellClient[] = [];

beforeAll(async () => {
  server = await clientTestServer({ demo: false });
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: ClientError) => e.code,
  );

const scopes = (content: boolean, trending: boolean) => JSON.stringify({ content, trending });

describe('filter lists (kind 30000 mutelists) and the allowlist', () => {
  it('subscribes to another user’s mute list: the user stays first with both scopes, their mutes hide notes', async () => {
    const curator = generateSecretKey();
    const curatorPk = getPublicKey(curator);
    const spammer = generateSecretKey();
    const spammerPk = getPublicKey(spammer);
    await publishRaw(
      server,
      signed(curator, { kind: 10000, tags: [['p', spammerPk]], content: '' }),
    );
    const spam = signed(spammer, { kind: 1, tags: [], content: 'buy now' });
    await publishRaw(server, spam);

    const { client, pubkey } = await signedInClient(server, clients);
    await client.lists.load();
    expect(client.lists.getSnapshot().filterLists).toEqual([
      { pubkey, relay: '', petname: '', content: true, trending: true },
    ]);
    client.store.ingestEvent(spam);
    expect(client.store.note(spam.id)).toBeDefined();

    expect((await client.lists.changeFilterList({ type: 'add', pubkey: curatorPk })).status).toBe(
      'published',
    );
    const list = await onRelay(client, server, {
      kinds: [30000],
      authors: [pubkey],
      '#d': ['mutelists'],
    });
    expect(list?.tags).toEqual([
      ['d', 'mutelists'],
      ['p', pubkey, '', '', scopes(true, true)],
      ['p', curatorPk, '', '', scopes(true, true)],
    ]);
    expect(client.store.note(spam.id)).toBeUndefined();
    // The server applies it too.
    const page = await client.api.megaFeed(
      { id: 'all-notes', kind: 'notes' },
      { user_pubkey: pubkey, limit: 100 },
    );
    expect(page.notes.some((n) => n.id === spam.id)).toBe(false);

    // Content scope off: shown again in feeds; trending scope stays.
    await client.lists.changeFilterList({
      type: 'update',
      pubkey: curatorPk,
      scopes: { content: false },
    });
    expect(client.store.note(spam.id)).toBeDefined();
    await client.lists.changeFilterList({
      type: 'update',
      pubkey: curatorPk,
      scopes: { content: true },
    });
    expect(client.store.note(spam.id)).toBeUndefined();

    // The allowlist exempts an account from the subscribed lists.
    expect((await client.lists.allow(spammerPk)).status).toBe('published');
    expect(client.store.note(spam.id)).toBeDefined();
    const allow = await onRelay(client, server, {
      kinds: [30000],
      authors: [pubkey],
      '#d': ['allowlist'],
    });
    expect(allow?.tags).toEqual([
      ['d', 'allowlist'],
      ['p', spammerPk],
    ]);
    await client.lists.disallow(spammerPk);
    expect(client.store.note(spam.id)).toBeUndefined();

    // Settings > Content moderation off: subscribed lists do not apply (own mutes would).
    client.settings.update({ applyContentModeration: false });
    expect(client.store.note(spam.id)).toBeDefined();
    client.settings.update({ applyContentModeration: true });
    expect(client.store.note(spam.id)).toBeUndefined();

    // The user's own entry can neither go nor be switched off.
    expect(await code(client.lists.changeFilterList({ type: 'remove', pubkey }))).toBe(
      'list update failed',
    );
    await client.lists.changeFilterList({ type: 'remove', pubkey: curatorPk });
    expect(client.lists.getSnapshot().filterLists.map((e) => e.pubkey)).toEqual([pubkey]);
    expect(client.store.note(spam.id)).toBeDefined();
    await client.settings.flush();
  });

  it('filter lists and allowlist keep what another device added between fetch and publish', async () => {
    const sk = generateSecretKey();
    const one = await signedInClient(server, clients, { sk });
    const two = await signedInClient(server, clients, { sk });
    const [a, b, c, d] = pubkeys(4);
    const signer = one.client.session.signer!;
    const sign = signer.signEvent.bind(signer);
    let interfere: (() => Promise<unknown>) | null = () =>
      two.client.lists.changeFilterList({ type: 'add', pubkey: b! });
    signer.signEvent = async (t: Omit<EventTemplate, 'created_at'> & { created_at?: number }) => {
      const run = interfere;
      interfere = null;
      if (run) await run();
      return sign(t);
    };
    await one.client.lists.changeFilterList({ type: 'add', pubkey: a! });
    expect(one.client.lists.getSnapshot().filterLists.map((e) => e.pubkey)).toEqual([
      one.pubkey,
      b,
      a,
    ]);
    interfere = () => two.client.lists.allow(d!);
    await one.client.lists.allow(c!);
    expect(one.client.lists.getSnapshot().allowlist).toEqual([d, c]);
  });
});

describe('bookmarks (kind 10003)', () => {
  it('asks before the first public bookmark and before removing the last; notes by e, articles by a', async () => {
    const { client, pubkey } = await signedInClient(server, clients);
    const author = generateSecretKey();
    const note = signed(author, { kind: 1, tags: [], content: 'worth keeping' });
    const other = signed(author, { kind: 1, tags: [], content: 'also this' });
    const article = signed(author, {
      kind: 30023,
      tags: [
        ['d', 'my-article'],
        ['title', 'An article'],
      ],
      content: '# Hello',
    });
    for (const e of [note, other, article]) await publishRaw(server, e);

    const first = await client.lists.bookmark(note);
    expect(first).toMatchObject({ status: 'confirm', data: { reason: 'first-bookmark' } });
    expect(await onRelay(client, server, { kinds: [10003], authors: [pubkey] })).toBeUndefined();
    if (first.status !== 'confirm') return;
    expect((await first.confirm()).status).toBe('published');
    expect((await client.lists.bookmark(article)).status).toBe('published');
    expect((await client.lists.bookmark(other)).status).toBe('published');
    expect((await client.lists.bookmark(other)).status).toBe('unchanged');
    const list = await onRelay(client, server, { kinds: [10003], authors: [pubkey] });
    const coord = `30023:${getPublicKey(author)}:my-article`;
    expect(list?.tags.map((t) => t.slice(0, 2))).toEqual([
      ['e', note.id],
      ['a', coord],
      ['e', other.id],
    ]);
    expect(client.lists.getSnapshot().bookmarks).toEqual({
      notes: [other.id, note.id],
      articles: [coord],
    });
    // The bookmarks feed of the cache (notes tab) pages through them.
    const page = await client.api.feed(pubkey, { notes: 'bookmarks', limit: 1 });
    expect(page.notes.map((n) => n.id)).toEqual([other.id]);

    await client.lists.unbookmark(article);
    await client.lists.unbookmark(other);
    const last = await client.lists.unbookmark(note);
    expect(last).toMatchObject({ status: 'confirm', data: { reason: 'last-bookmark' } });
    expect(client.lists.getSnapshot().bookmarks.notes).toEqual([note.id]);
    if (last.status !== 'confirm') return;
    await last.confirm();
    expect(client.lists.getSnapshot().bookmarks).toEqual({ notes: [], articles: [] });
  });

  it('keeps a bookmark another device added between fetch and publish', async () => {
    const sk = generateSecretKey();
    const one = await signedInClient(server, clients, { sk });
    const two = await signedInClient(server, clients, { sk });
    const author = generateSecretKey();
    const [n1, n2, n3] = ['one', 'two', 'three'].map((content) =>
      signed(author, { kind: 1, tags: [], content }),
    );
    await one.client.lists.bookmark(n1!).then((o) => (o.status === 'confirm' ? o.confirm() : o));
    const signer = one.client.session.signer!;
    const sign = signer.signEvent.bind(signer);
    let interfered = false;
    signer.signEvent = async (t: Omit<EventTemplate, 'created_at'> & { created_at?: number }) => {
      if (!interfered) {
        interfered = true;
        await two.client.lists.bookmark(n2!);
      }
      return sign(t);
    };
    await one.client.lists.bookmark(n3!);
    expect(one.client.lists.getSnapshot().bookmarks.notes).toEqual([n3!.id, n2!.id, n1!.id]);
  });
});

describe('report (NIP-56)', () => {
  it('publishes kind 1984 with the reason and tells the cache (report_user)', async () => {
    const { client, pubkey } = await signedInClient(server, clients);
    const bad = generateSecretKey();
    const note = signed(bad, { kind: 1, tags: [], content: 'spam spam' });
    await publishRaw(server, note);
    const outcome = await client.lists.report({
      pubkey: getPublicKey(bad),
      reason: 'spam',
      noteId: note.id,
    });
    expect(outcome).toEqual({ published: true, recorded: true });
    const report = await onRelay(client, server, { kinds: [1984], authors: [pubkey] });
    expect(report?.tags).toEqual([
      ['p', getPublicKey(bad), 'spam'],
      ['e', note.id, 'spam'],
    ]);
    expect(await code(client.lists.report({ pubkey: 'nope', reason: 'spam' }))).toBe(
      'report failed',
    );
  });
});
