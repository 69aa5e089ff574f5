import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  nip19,
  parsePicturePost,
  parseThreadRefs,
  parseVideoEvent,
  replyTo,
  threadRoot,
  type NostrEvent,
} from '@swell/nostr';
import { EmojiHistory, emojiHistoryLimit, withEmoji } from '../src/composer/emoji-history.ts';
import { mediaPostKind, mediaPostTemplate } from '../src/composer/media-post.ts';
import { NoteDrafts, rootDraftKey } from '../src/composer/note-drafts.ts';
import { buildNote } from '../src/composer/note-tags.ts';
import { MemoryStorage } from '../src/storage/storage.ts';
import { UserRecordStore } from '../src/storage/user-record.ts';
import { ManualClock } from './manual-clock.ts';

const alice = generateSecretKey();
const bob = generateSecretKey();
const carol = generateSecretKey();
const [alicePk, bobPk, carolPk] = [alice, bob, carol].map((k) => getPublicKey(k)) as [
  string,
  string,
  string,
];
const me = getPublicKey(generateSecretKey());
let t = 1_700_000_000;
const ev = (sk: Uint8Array, content: string, tags: string[][] = []): NostrEvent =>
  finalizeEvent({ kind: 1, created_at: t++, tags, content }, sk);

describe('buildNote: replies (NIP-10)', () => {
  const root = ev(alice, 'the root');

  it('a direct reply to a root has one e tag marked root, and the p tags', () => {
    const { tags } = buildNote({
      content: 'first!',
      replyTo: root,
      author: me,
      hints: { noteRelay: (id) => (id === root.id ? 'wss://relay.example' : undefined) },
    });
    expect(tags).toEqual([
      ['e', root.id, 'wss://relay.example', 'root', alicePk],
      ['p', alicePk],
    ]);
    const e = { tags };
    expect(replyTo(e)).toBe(root.id);
    expect(threadRoot(e)).toBe(root.id);
  });

  it('a reply deeper in a thread keeps the root and marks the parent as reply', () => {
    const middle = ev(bob, 'in between', [
      ['e', root.id, 'wss://r.example', 'root', alicePk],
      ['p', alicePk],
      ['p', carolPk, 'wss://carol.example'],
      ['p', me],
    ]);
    const { tags } = buildNote({ content: 'deeper', replyTo: middle, author: me });
    expect(tags).toEqual([
      ['e', root.id, 'wss://r.example', 'root', alicePk],
      ['e', middle.id, '', 'reply', bobPk],
      ['p', bobPk],
      ['p', alicePk],
      ['p', carolPk, 'wss://carol.example'],
    ]);
    expect(replyTo({ tags })).toBe(middle.id);
    expect(threadRoot({ tags })).toBe(root.id);
  });

  it('answers a note threaded the old positional way by its first e tag as the root', () => {
    const old = ev(bob, 'positional', [
      ['e', root.id],
      ['p', alicePk],
    ]);
    // The root's author comes from what the store knows of the root.
    const { tags } = buildNote({
      content: 'x',
      replyTo: old,
      author: me,
      hints: { noteAuthor: (id) => (id === root.id ? alicePk : undefined) },
    });
    expect(tags.slice(0, 2)).toEqual([
      ['e', root.id, '', 'root', alicePk],
      ['e', old.id, '', 'reply', bobPk],
    ]);
  });
});

describe('buildNote: mentions, quotes, hashtags', () => {
  it('turns nostr: references into p, q and a tags, and hashtags into t tags', () => {
    const quoted = ev(carol, 'quotable');
    const nevent = nip19.neventEncode({
      id: quoted.id,
      author: carolPk,
      relays: ['wss://q.example'],
    });
    const naddr = nip19.naddrEncode({ kind: 30023, pubkey: alicePk, identifier: 'essay' });
    const content = [
      `hey nostr:${nip19.npubEncode(bobPk)} and nostr:${nip19.nprofileEncode({ pubkey: alicePk, relays: ['wss://a.example'] })}`,
      `look nostr:${nevent} and nostr:${nip19.noteEncode(quoted.id)}`,
      `read nostr:${naddr} #Nostr #nostr #swell`,
      `me nostr:${nip19.npubEncode(me)}`,
    ].join('\n');
    const { tags, content: out } = buildNote({ content, author: me });
    expect(out).toBe(content);
    expect(tags).toEqual([
      ['p', bobPk],
      ['p', alicePk, 'wss://a.example'],
      ['q', quoted.id, 'wss://q.example', carolPk],
      ['p', carolPk],
      ['a', `30023:${alicePk}:essay`, ''],
      ['t', 'nostr'],
      ['t', 'swell'],
    ]);
    const refs = parseThreadRefs({ tags, content: out });
    expect(refs.reply).toBeUndefined();
    expect(refs.mentionedNotes).toEqual([quoted.id]);
  });

  it('a quote gets a q tag, the author p tag, and the nevent link once (NIP-18)', () => {
    const quoted = ev(bob, 'worth quoting');
    const built = buildNote({ content: 'so true', quote: quoted, author: me });
    expect(built.tags).toEqual([
      ['q', quoted.id, '', bobPk],
      ['p', bobPk],
    ]);
    const link = built.content.split('\n\n')[1]!;
    expect(built.content.startsWith('so true\n\nnostr:nevent1')).toBe(true);
    const d = nip19.decode(link.replace('nostr:', ''));
    expect(d).toMatchObject({ type: 'nevent', data: { id: quoted.id, author: bobPk } });
    // Already linked in the text: not appended again.
    const again = buildNote({ content: built.content, quote: quoted, author: me });
    expect(again.content).toBe(built.content);
    expect(again.tags).toEqual(built.tags);
  });

  it('never throws and never p-tags the author, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const { tags } = buildNote({ content: `${s} nostr:${nip19.npubEncode(me)}`, author: me });
        expect(tags.some((x) => x[0] === 'p' && x[1] === me)).toBe(false);
      }),
    );
  });
});

describe('drafts and emoji history (per-user record)', () => {
  it('keeps a draft per note id (root by default) across a reload', () => {
    const storage = new MemoryStorage();
    const clock = new ManualClock();
    const drafts = new NoteDrafts(new UserRecordStore(storage), () => me, { clock });
    drafts.save(undefined, 'a new note in progress');
    drafts.save('note-123', 'a reply', { [bobPk]: 'bob' });
    expect(drafts.get().text).toBe('a new note in progress');
    // Written once after the typing pause.
    expect(storage.getItem(me)).toBeNull();
    clock.advance(300);
    const reloaded = new NoteDrafts(new UserRecordStore(storage), () => me);
    expect(reloaded.get(rootDraftKey)).toEqual({ text: 'a new note in progress' });
    expect(reloaded.get('note-123')).toEqual({ text: 'a reply', userRefs: { [bobPk]: 'bob' } });
    reloaded.clear('note-123');
    expect(new NoteDrafts(new UserRecordStore(storage), () => me).get('note-123').text).toBe('');
  });

  it("moves a guest's drafts to the account signed in to, keeping the account's own", () => {
    const storage = new MemoryStorage();
    const records = new UserRecordStore(storage);
    let viewer: string | null = null;
    const clock = new ManualClock();
    const drafts = new NoteDrafts(records, () => viewer, { clock });
    records.update(me, { noteDraft: { 'note-1': 'the account kept this' } });
    drafts.save(undefined, 'typed as a guest');
    drafts.save('note-1', 'a guest reply', { [bobPk]: 'bob' });
    drafts.save('note-2', 'another guest reply', { [carolPk]: 'carol' });
    clock.advance(300);
    viewer = me;
    expect(drafts.get().text).toBe('');
    drafts.adoptGuestDrafts();
    expect(drafts.get()).toEqual({ text: 'typed as a guest' });
    expect(drafts.get('note-1')).toEqual({ text: 'the account kept this' });
    expect(drafts.get('note-2')).toEqual({
      text: 'another guest reply',
      userRefs: { [carolPk]: 'carol' },
    });
    // Gone from the guest's record (stored), so the next guest of this device starts empty.
    viewer = null;
    expect(new NoteDrafts(new UserRecordStore(storage), () => null).get().text).toBe('');
    // A draft still waiting for the typing pause when the guest signs in goes to the account.
    drafts.save('note-3', 'typed just before signing in');
    viewer = me;
    drafts.adoptGuestDrafts();
    expect(drafts.get('note-3').text).toBe('typed just before signing in');
  });

  it('keeps 40 emoji, most recent first, a reused one moving to the front', () => {
    const history = new EmojiHistory(new UserRecordStore(new MemoryStorage()), () => me);
    history.use('🔥');
    history.use('🎉');
    expect(history.use('🔥')).toEqual(['🔥', '🎉']);
    let h: string[] = [];
    for (let i = 0; i < 50; i++) h = withEmoji(h, String.fromCodePoint(0x1f600 + i));
    expect(h).toHaveLength(emojiHistoryLimit);
    expect(h[0]).toBe(String.fromCodePoint(0x1f600 + 49));
    expect(withEmoji(h, h[10]!)[0]).toBe(h[10]);
    expect(withEmoji(h, h[10]!)).toHaveLength(emojiHistoryLimit);
  });
});

describe('buildNote: uploaded media (NIP-92 imeta)', () => {
  const png = 'https://up.example/aa.png';
  const webm = 'https://up.example/bb.webm';
  const imeta = (url: string, extra: string[] = []) => [
    'imeta',
    `url ${url}`,
    'm image/png',
    'x ' + 'a'.repeat(64),
    ...extra,
  ];

  it('adds the imeta tag of each file whose URL is in the text, once per URL, in order', () => {
    const { tags } = buildNote({
      content: `two files\n${png}\n${webm}`,
      author: me,
      media: [imeta(webm), imeta(png, ['dim 640x480']), imeta(png, ['dim 1x1'])],
    });
    const found = tags.filter((t) => t[0] === 'imeta');
    expect(found).toEqual([imeta(webm), imeta(png, ['dim 640x480'])]);
  });

  it('leaves out files whose URL the user removed from the text, and non-imeta tags', () => {
    const { tags } = buildNote({
      content: `only one ${png}`,
      author: me,
      media: [imeta(webm), ['t', 'x'], imeta(png)],
    });
    expect(tags.filter((t) => t[0] === 'imeta')).toEqual([imeta(png)]);
    expect(tags.some((t) => t[0] === 't' && t[1] === 'x')).toBe(false);
  });
});

describe('mediaPostTemplate: picture posts (NIP-68) and videos (NIP-71) from uploads', () => {
  const file = (mime: string, width: number, height: number, n: number) => ({
    url: `https://blossom.example/${String(n).repeat(64)}.${mime.split('/')[1]}`,
    sha256: String(n).repeat(64),
    mime,
    size: 1000 * n,
    width,
    height,
    ...(mime.startsWith('image/') ? { blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj' } : {}),
  });
  const png = file('image/png', 1200, 800, 1);
  const jpeg = file('image/jpeg', 600, 900, 2);

  it('every picture: a kind 20 with an imeta each (dimensions, blurhash, alt), m and x tags', () => {
    expect(mediaPostKind([png, jpeg])).toBe('pictures');
    const tpl = mediaPostTemplate({
      content: ' Two views #walk ',
      files: [png, jpeg],
      alts: ['Hills under a blue sky', undefined],
      hashtags: ['walk'],
    });
    expect(tpl.kind).toBe(20);
    expect(tpl.content).toBe('Two views #walk');
    const post = parsePicturePost(finalizeEvent(tpl, alice))!;
    expect(post.images).toHaveLength(2);
    expect(post.images[0]).toMatchObject({
      url: png.url,
      m: 'image/png',
      width: 1200,
      height: 800,
      blurhash: png.blurhash,
      alt: 'Hills under a blue sky',
      x: png.sha256,
    });
    expect(post.images[1]!.alt).toBeUndefined();
    expect(tpl.tags).toContainEqual(['m', 'image/jpeg']);
    expect(tpl.tags).toContainEqual(['x', jpeg.sha256]);
    expect(tpl.tags).toContainEqual(['t', 'walk']);
  });

  it('one video: kind 22 when taller than wide, else 21, titled by the first line', () => {
    const tall = { ...file('video/mp4', 180, 320, 3), duration: 4 };
    const wide = file('video/webm', 320, 180, 4);
    expect(mediaPostKind([tall])).toBe('video');
    const short = mediaPostTemplate({ content: 'Ridge at dusk\nfour seconds', files: [tall] });
    expect(short.kind).toBe(22);
    const video = parseVideoEvent(finalizeEvent(short, alice))!;
    expect(video.title).toBe('Ridge at dusk');
    expect(video.variants[0]).toMatchObject({
      url: tall.url,
      width: 180,
      height: 320,
      duration: 4,
    });
    expect(mediaPostTemplate({ content: '', files: [wide] }).kind).toBe(21);
  });

  it('anything else is neither', () => {
    const clip = file('video/mp4', 320, 180, 5);
    expect(mediaPostKind([])).toBeNull();
    expect(mediaPostKind([png, clip])).toBeNull();
    expect(mediaPostKind([clip, clip])).toBeNull();
    expect(mediaPostKind([file('image/svg+xml', 10, 10, 6)])).toBeNull();
    expect(() => mediaPostTemplate({ content: 'x', files: [png, clip] })).toThrow(/neither/);
  });
});
