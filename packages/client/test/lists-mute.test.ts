import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  generateSecretKey,
  getPublicKey,
  nip04Encrypt,
  nip44DecryptFrom,
  nip44EncryptTo,
  type EventTemplate,
} from '@swell/nostr';
import type { SwellClient } from '../src/swell-client.ts';
import type { ClientError } from '../src/errors.ts';
import { clientTestServer, waitFor, type ClientTestServer } from './helpers.ts';
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

describe('mute list (kind 10000, NIP-51)', () => {
  it('mutes one user publicly and one privately: both hidden at once, the private one unreadable in the event', async () => {
    const { client, sk, pubkey } = await signedInClient(server, clients);
    const loud = generateSecretKey();
    const quiet = generateSecretKey();
    const [loudPk, quietPk] = [getPublicKey(loud), getPublicKey(quiet)];
    const n1 = signed(loud, { kind: 1, tags: [], content: 'loud note' });
    const n2 = signed(quiet, { kind: 1, tags: [], content: 'quiet note' });
    const reply = signed(loud, {
      kind: 1,
      tags: [['e', n2.id, '', 'reply']],
      content: 'loud reply',
    });
    const repost = signed(generateSecretKey(), {
      kind: 6,
      tags: [
        ['e', n1.id],
        ['p', loudPk],
      ],
      content: JSON.stringify(n1),
    });
    for (const e of [n1, n2, reply, repost]) await publishRaw(server, e);
    await client.fetchPage('events', {
      event_ids: [n1.id, n2.id, reply.id, repost.id],
      extended_response: true,
    });
    expect(client.store.note(n1.id)).toBeDefined();
    expect(client.store.note(repost.id)).toBeDefined();

    expect((await client.lists.mute('user', loudPk)).status).toBe('published');
    // At once, wherever they show: the note, the reply in the thread, the repost of it.
    expect(client.store.note(n1.id)).toBeUndefined();
    expect(client.store.note(reply.id)).toBeUndefined();
    expect(client.store.isHidden(repost.id)).toBe(true);
    // Hidden, not deleted (a thread opened on it says which).
    expect(client.store.isDeleted(n1.id)).toBe(false);
    expect(client.store.note(n2.id)).toBeDefined();

    expect((await client.lists.mute('user', quietPk, { private: true })).status).toBe('published');
    expect(client.store.note(n2.id)).toBeUndefined();

    const list = await onRelay(client, server, { kinds: [10000], authors: [pubkey] });
    expect(list?.tags).toEqual([['p', loudPk]]);
    // The private entry is in the encrypted content only: NIP-44 to oneself.
    expect(list?.content).not.toContain(quietPk);
    expect(list?.content.includes('?iv=')).toBe(false);
    expect(JSON.parse(nip44DecryptFrom(sk, pubkey, list!.content))).toEqual([['p', quietPk]]);
    expect(client.lists.getSnapshot().mutes).toEqual([
      { kind: 'user', value: loudPk, private: false },
      { kind: 'user', value: quietPk, private: true },
    ]);

    // The server hides the public one from feeds asked with the user's key, too.
    const page = await client.api.megaFeed(
      { id: 'all-notes', kind: 'notes' },
      { user_pubkey: pubkey, limit: 100 },
    );
    expect(page.notes.some((n) => n.pubkey === loudPk)).toBe(false);

    // Muting again changes nothing; unmuting brings the notes back at once.
    expect((await client.lists.mute('user', loudPk)).status).toBe('unchanged');
    expect((await client.lists.unmute('user', quietPk)).status).toBe('published');
    expect(client.store.note(n2.id)).toBeDefined();
    const after = await onRelay(client, server, { kinds: [10000], authors: [pubkey] });
    expect(after?.content).toBe('');
  });

  it('mutes words, hashtags and threads', async () => {
    const { client } = await signedInClient(server, clients);
    const someone = generateSecretKey();
    const notes = {
      word: signed(someone, { kind: 1, tags: [], content: 'Spoilers ahead!' }),
      partial: signed(someone, { kind: 1, tags: [], content: 'no spoilersome here' }),
      tagged: signed(someone, { kind: 1, tags: [['t', 'football']], content: 'match day' }),
      inText: signed(someone, { kind: 1, tags: [], content: 'go team #Football' }),
      root: signed(someone, { kind: 1, tags: [], content: 'a long thread' }),
      clean: signed(someone, { kind: 1, tags: [], content: 'nothing to see' }),
    };
    const threadReply = signed(someone, {
      kind: 1,
      tags: [['e', notes.root.id, '', 'root']],
      content: 'more of the thread',
    });
    const all = [...Object.values(notes), threadReply];
    for (const e of all) await publishRaw(server, e);
    await client.fetchPage('events', { event_ids: all.map((e) => e.id) });

    await client.lists.mute('word', 'SPOILERS');
    await client.lists.mute('hashtag', '#Football', { private: true });
    await client.lists.mute('thread', notes.root.id);
    expect(client.store.note(notes.word.id)).toBeUndefined();
    expect(client.store.note(notes.partial.id)).toBeDefined();
    expect(client.store.note(notes.tagged.id)).toBeUndefined();
    expect(client.store.note(notes.inText.id)).toBeUndefined();
    expect(client.store.note(notes.root.id)).toBeUndefined();
    expect(client.store.note(threadReply.id)).toBeUndefined();
    expect(client.store.note(notes.clean.id)).toBeDefined();
    expect(client.lists.getSnapshot().mutes).toEqual([
      { kind: 'word', value: 'spoilers', private: false },
      { kind: 'thread', value: notes.root.id, private: false },
      { kind: 'hashtag', value: 'football', private: true },
    ]);
  });

  it('reads private entries another client wrote with NIP-04 and keeps them when it writes NIP-44', async () => {
    const sk = generateSecretKey();
    const me = getPublicKey(sk);
    const [a, b] = pubkeys(2);
    await publishRaw(
      server,
      signed(sk, {
        kind: 10000,
        tags: [['word', 'crypto']],
        content: nip04Encrypt(
          sk,
          me,
          JSON.stringify([
            ['p', a],
            ['t', 'politics'],
          ]),
        ),
      }),
    );
    const { client } = await signedInClient(server, clients, { sk });
    await client.lists.load();
    expect(client.lists.getSnapshot()).toMatchObject({
      privateMutes: 'ok',
      mutes: [
        { kind: 'word', value: 'crypto', private: false },
        { kind: 'user', value: a, private: true },
        { kind: 'hashtag', value: 'politics', private: true },
      ],
    });
    await client.lists.mute('user', b!, { private: true });
    const list = await onRelay(client, server, { kinds: [10000], authors: [me] });
    expect(list?.content.includes('?iv=')).toBe(false);
    expect(JSON.parse(nip44DecryptFrom(sk, me, list!.content))).toEqual([
      ['p', a],
      ['t', 'politics'],
      ['p', b],
    ]);
    expect(list?.tags).toEqual([['word', 'crypto']]);
  });

  it('an encrypted part it cannot open is never overwritten', async () => {
    const sk = generateSecretKey();
    const me = getPublicKey(sk);
    // Encrypted by someone else to this user: not the user's own list part; unreadable here.
    const foreign = nip44EncryptTo(generateSecretKey(), me, JSON.stringify([['p', me]]));
    await publishRaw(server, signed(sk, { kind: 10000, tags: [], content: foreign }));
    const { client } = await signedInClient(server, clients, { sk });
    await client.lists.load();
    expect(client.lists.getSnapshot().privateMutes).toBe('unreadable');
    const [a, b] = pubkeys(2);
    expect(await code(client.lists.mute('user', a!, { private: true }))).toBe(
      'private-list-unreadable',
    );
    expect((await client.lists.mute('user', b!)).status).toBe('published');
    const list = await onRelay(client, server, { kinds: [10000], authors: [me] });
    expect(list?.content).toBe(foreign);
    expect(list?.tags).toEqual([['p', b]]);
  });

  it('nothing another device added between fetch and publish is lost (public and private)', async () => {
    const sk = generateSecretKey();
    const one = await signedInClient(server, clients, { sk });
    const two = await signedInClient(server, clients, { sk });
    const [a, b, c] = pubkeys(3);
    await one.client.lists.mute('user', a!, { private: true });
    const signer = one.client.session.signer!;
    const sign = signer.signEvent.bind(signer);
    let interfered = false;
    signer.signEvent = async (t: Omit<EventTemplate, 'created_at'> & { created_at?: number }) => {
      if (t.kind === 10000 && !interfered) {
        interfered = true;
        await two.client.lists.mute('user', b!, { private: true });
        await two.client.lists.mute('word', 'noise');
      }
      return sign(t);
    };
    await one.client.lists.mute('user', c!);
    expect(interfered).toBe(true);
    const list = await onRelay(one.client, server, { kinds: [10000], authors: [one.pubkey] });
    expect(list?.tags).toEqual([
      ['word', 'noise'],
      ['p', c],
    ]);
    expect(JSON.parse(nip44DecryptFrom(sk, one.pubkey, list!.content))).toEqual([
      ['p', a],
      ['p', b],
    ]);
    await waitFor(() => one.client.lists.getSnapshot().mutes.length === 4, 2000, 'four mutes');
  });

  it('a reload applies the mutes before the network answers, private ones without asking the signer', async () => {
    const sk = generateSecretKey();
    const first = await signedInClient(server, clients, { sk });
    const quiet = generateSecretKey();
    await first.client.lists.mute('user', getPublicKey(quiet), { private: true });
    const note = signed(quiet, { kind: 1, tags: [], content: 'still quiet' });
    await publishRaw(server, note);
    await first.client.close();
    // Same storage, a new tab: the record has the lists, the moderation is there at once.
    const again = await signedInClient(server, clients, {
      storage: first.storage,
      signIn: false,
      sk,
    });
    again.client.store.ingestEvent(note);
    expect(again.client.store.note(note.id)).toBeUndefined();
    const signer = again.client.session.signer!;
    let decrypts = 0;
    const decrypt = signer.nip44.decrypt.bind(signer.nip44);
    signer.nip44.decrypt = (peer, text) => {
      decrypts++;
      return decrypt(peer, text);
    };
    await again.client.lists.load(true);
    expect(again.client.lists.getSnapshot().privateMutes).toBe('ok');
    expect(decrypts).toBe(0);
  });
});
