import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractHashtags, nip19, tokenize, trimUrl } from '../src/index.ts';
import type { NostrEvent, Segment } from '../src/index.ts';
import { readJsonl } from './vectors.ts';

const PK = '3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d';
const NPUB = 'npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6';
const ID = '46d731680add2990efe1cc619dc9b8014feeb23261ab9dee50e9d11814de5a2b';

function types(segments: Segment[]): string[] {
  return segments.map((s) => s.type);
}
function only<T extends Segment['type']>(
  segments: Segment[],
  type: T,
): Extract<Segment, { type: T }>[] {
  return segments.filter((s): s is Extract<Segment, { type: T }> => s.type === type);
}
function joined(segments: Segment[]): string {
  return segments.map((s) => s.text).join('');
}

describe('tokenize', () => {
  it('splits text and line breaks', () => {
    expect(tokenize('a\nb\r\nc')).toEqual([
      { type: 'text', text: 'a' },
      { type: 'linebreak', text: '\n' },
      { type: 'text', text: 'b' },
      { type: 'linebreak', text: '\r\n' },
      { type: 'text', text: 'c' },
    ]);
    expect(tokenize('')).toEqual([]);
  });

  it('recognises links, images and videos by extension', () => {
    const s = tokenize('see https://x.com/a.PNG?w=1, https://x.com/v.mp4 and https://x.com/page.');
    expect(only(s, 'image').map((x) => x.url)).toEqual(['https://x.com/a.PNG?w=1']);
    expect(only(s, 'video').map((x) => x.url)).toEqual(['https://x.com/v.mp4']);
    expect(only(s, 'link').map((x) => x.url)).toEqual(['https://x.com/page']);
  });

  it('trims sentence punctuation but keeps balanced brackets', () => {
    expect(trimUrl('https://en.wikipedia.org/wiki/Foo_(bar))')).toBe(
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    );
    expect(trimUrl('https://x.com/a?b=1.')).toBe('https://x.com/a?b=1');
  });

  it.each([
    ['https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC', 'spotify', 352],
    ['https://open.spotify.com/intl-de/album/1DFixLWuPkv3KT3TnV35m3', 'spotify', 352],
    ['https://soundcloud.com/artist/track-name', 'soundcloud', 166],
    ['https://www.mixcloud.com/someone/some-show/', 'mixcloud', 120],
    ['https://wavlake.com/track/8f3e2d1c-1b2a-4c3d-9e8f-7a6b5c4d3e2f', 'wavlake', 380],
    ['https://music.apple.com/us/album/song-name/1234567890?i=1234567891', 'applemusic', 175],
    ['https://music.apple.com/us/album/album-name/1234567890', 'applemusic', 450],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 315],
    ['https://youtu.be/dQw4w9WgXcQ', 'youtube', 315],
    ['https://www.twitch.tv/somechannel', 'twitch', 378],
  ] as const)('embeds %s', (url, provider, height) => {
    const [segment] = tokenize(url);
    expect(segment).toMatchObject({ type: 'embed', url, provider, height });
  });

  it('recognises lightning invoices, bitcoin URIs with lightning, and ecash tokens', () => {
    const s = tokenize(
      'pay lnbc210n1pj8jvaxpp56f3qnlvwx5 or LIGHTNING:LNBC1U1PXXXXXXXXXXXX or ' +
        'bitcoin:bc1qaddr?amount=0.1&lightning=lnbc10u1pabcdefgh or bitcoin:bc1qplain and ' +
        'cashuAeyJ0b2tlbiI6W3sibWludCI6 web+cashu://cashuBo2FteCJodHRwczovL',
    );
    expect(only(s, 'invoice').map((x) => [x.invoice, x.msats])).toEqual([
      ['lnbc210n1pj8jvaxpp56f3qnlvwx5', 21000],
      ['LNBC1U1PXXXXXXXXXXXX', 100000],
    ]);
    expect(only(s, 'bitcoin')).toEqual([
      {
        type: 'bitcoin',
        text: 'bitcoin:bc1qaddr?amount=0.1&lightning=lnbc10u1pabcdefgh',
        uri: 'bitcoin:bc1qaddr?amount=0.1&lightning=lnbc10u1pabcdefgh',
        address: 'bc1qaddr',
        lightning: 'lnbc10u1pabcdefgh',
        msats: 1_000_000,
      },
    ]);
    expect(only(s, 'cashu').map((x) => x.token)).toEqual([
      'cashuAeyJ0b2tlbiI6W3sibWludCI6',
      'cashuBo2FteCJodHRwczovL',
    ]);
  });

  it('follows the hashtag rule of section 5, non-ASCII letters included', () => {
    const s = tokenize('#über #nostr, #a!b (#no) mid#no #日本語 #[x]');
    expect(only(s, 'hashtag').map((x) => x.tag)).toEqual(['über', 'nostr', 'a', '日本語', '[x]']);
    expect(extractHashtags('#a #b #a')).toEqual(['a', 'b']);
  });

  it('recognises nostr: mentions of every kind and legacy #[n]', () => {
    const note = nip19.noteEncode(ID);
    const nevent = nip19.neventEncode({ id: ID, relays: ['wss://r.example'] });
    const nprofile = nip19.nprofileEncode({ pubkey: PK });
    const naddr = nip19.naddrEncode({ kind: 30023, pubkey: PK, identifier: 'slug' });
    const content = `nostr:${NPUB} nostr:${note}. nostr:${nevent}, nostr:${nprofile} nostr:${naddr}'s #[0] #[1] #[2] #[9]`;
    const tags = [
      ['p', PK],
      ['e', ID],
      ['a', `30023:${PK}:slug`],
    ];
    const mentions = only(tokenize(content, tags), 'mention');
    expect(mentions.map((m) => m.decoded.type)).toEqual([
      'npub',
      'note',
      'nevent',
      'nprofile',
      'naddr',
      'npub',
      'note',
      'naddr',
    ]);
    expect(mentions[0]!.decoded).toEqual({ type: 'npub', data: PK });
    expect(mentions[5]).toMatchObject({ text: '#[0]', bech32: NPUB, legacyIndex: 0 });
    expect(mentions[7]!.decoded).toEqual({
      type: 'naddr',
      data: { kind: 30023, pubkey: PK, identifier: 'slug', relays: [] },
    });
  });

  it('splits an npub glued to following text and treats undecodable ones as text', () => {
    const s = tokenize(`nostr:${NPUB}abc nostr:npub1qqqqqqqq`);
    expect(types(s)).toEqual(['mention', 'text']);
    expect(s[1]!.text).toBe('abc nostr:npub1qqqqqqqq');
  });

  it('recognises bare npub and @npub', () => {
    const s = tokenize(`hi @${NPUB} and ${NPUB}`);
    expect(only(s, 'mention').map((m) => m.text)).toEqual([`@${NPUB}`, NPUB]);
  });
});

const alphabet = [
  'a',
  ' ',
  '\n',
  '\r',
  '#',
  '[',
  ']',
  '0',
  '1',
  'ü',
  '🔥',
  '.',
  ':',
  '/',
  '?',
  '=',
  '&',
  '(',
  ')',
  'https://',
  'http://x.co/',
  '.jpg',
  '.mp4',
  'nostr:',
  NPUB,
  'npub1',
  'note1',
  'lnbc',
  'lnbc10u1',
  'cashuA',
  'cashu:',
  'bitcoin:',
  '?lightning=',
  'youtu.be/',
  'open.spotify.com/track/',
  '#[0]',
  '#[1]',
];
const noteText = fc
  .array(fc.constantFrom(...alphabet), { maxLength: 60 })
  .map((parts) => parts.join(''));

describe('tokenize properties', () => {
  it('never throws and its segments join back to the input (structured strings)', () => {
    fc.assert(
      fc.property(
        noteText,
        fc.array(fc.array(fc.string(), { maxLength: 3 }), { maxLength: 3 }),
        (text, tags) => {
          const segments = tokenize(text, tags);
          expect(joined(segments)).toBe(text);
          expect(segments.every((s) => s.text.length > 0)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never throws and joins back on arbitrary unicode', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expect(joined(tokenize(text, []))).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });

  it('survives hostile arguments', () => {
    expect(tokenize(undefined as unknown as string)).toEqual([]);
    expect(joined(tokenize('#[0] x', null as unknown as string[][]))).toBe('#[0] x');
    expect(joined(tokenize('#[0] x', [{}] as unknown as string[][]))).toBe('#[0] x');
  });

  it('round-trips the content of every real note', () => {
    const notes = readJsonl<NostrEvent>('real-events.jsonl').filter(
      (e) => e.kind === 1 || e.kind === 30023,
    );
    expect(notes.length).toBeGreaterThan(1000);
    for (const e of notes) expect(joined(tokenize(e.content, e.tags))).toBe(e.content);
  });
});
