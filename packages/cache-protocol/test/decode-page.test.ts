import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decodePage,
  dmCountEvent,
  feedRangeEvent,
  notificationCountsEvent,
  referencedEvent,
  resultEvent,
  ResultKind,
  userRelaysEvent,
  type SignedEvent,
} from '../src/index.ts';

let n = 0;
function ev(kind: number, created_at: number, extra: Partial<SignedEvent> = {}): SignedEvent {
  n++;
  return {
    id: n.toString(16).padStart(64, '0'),
    pubkey: 'a'.repeat(64),
    created_at,
    kind,
    tags: [],
    content: '',
    sig: 'f'.repeat(128),
    ...extra,
  };
}

describe('decodePage', () => {
  it('orders notes by the range elements, not by arrival', () => {
    const a = ev(1, 100);
    const b = ev(1, 200);
    const c = ev(30023, 150);
    const page = decodePage([
      a,
      c,
      b,
      feedRangeEvent({
        since: 100,
        until: 200,
        order_by: 'created_at',
        elements: [b.id, c.id, a.id],
      }),
    ]);
    expect(page.notes.map((x) => x.id)).toEqual([b.id, c.id, a.id]);
    expect(page.reads.map((x) => x.id)).toEqual([c.id]);
    expect(page.range).toEqual({
      since: 100,
      until: 200,
      order_by: 'created_at',
      elements: [b.id, c.id, a.id],
    });
  });

  it('keeps the newest kind 0 per user and resolves an empty repost from 10000107', () => {
    const old = ev(0, 1, { content: '{"name":"old"}' });
    const nu = ev(0, 2, { content: '{"name":"new"}' });
    const original = ev(1, 5, { pubkey: 'b'.repeat(64) });
    const repost = ev(6, 6, { tags: [['e', original.id]] });
    const page = decodePage([nu, old, repost, referencedEvent(original)]);
    expect(page.users['a'.repeat(64)]?.content).toBe('{"name":"new"}');
    expect(page.reposts[repost.id]).toEqual(original);
    expect(page.mentions[original.id]).toEqual(original);
  });

  it('sorts top zaps by amount and drops duplicates', () => {
    const z = (id: string, amount: number) =>
      resultEvent(ResultKind.TopZap, {
        event_id: 'n',
        created_at: 1,
        sender: 's',
        receiver: 'r',
        amount_sats: amount,
        zap_receipt_id: id,
      });
    const page = decodePage([z('1', 10), z('2', 500), z('1', 10), z('3', 42)]);
    expect(page.topZaps.n?.map((x) => x.amount_sats)).toEqual([500, 42, 10]);
  });

  it('reads top-level fields of DM count, notification counts and user relays', () => {
    const page = decodePage([
      dmCountEvent(7),
      notificationCountsEvent('p', { 1: 2, 3: 4 }),
      userRelaysEvent('p', [['r', 'wss://x', 'read']]),
      resultEvent(ResultKind.IsFollowing, true),
      resultEvent(ResultKind.DefaultRelays, ['wss://a']),
      {
        kind: ResultKind.DefaultAppSettings,
        content: '{"theme":"sunset"}',
        tags: [['d', 'Swell']],
      },
    ]);
    expect(page.dmCount).toBe(7);
    expect(page.notificationCounts).toEqual({ '1': 2, '3': 4 });
    expect(page.userRelays.p).toEqual([['r', 'wss://x', 'read']]);
    expect(page.isFollowing).toBe(true);
    expect(page.defaultRelays).toEqual(['wss://a']);
    expect(page.defaultSettings).toEqual({ client: 'Swell', settings: { theme: 'sunset' } });
  });

  it('decodes app subsettings bare (and as older servers wrapped them)', () => {
    const feeds = [{ name: 'Latest', spec: '{"id":"latest"}', description: '', enabled: true }];
    expect(decodePage([resultEvent(ResultKind.AppSubsettings, feeds)]).appSubsettings).toEqual({
      settings: feeds,
    });
    const wrapped = {
      kind: ResultKind.AppSubsettings,
      content: JSON.stringify({ subkey: 'k', settings: feeds }),
    };
    expect(decodePage([wrapped]).appSubsettings).toEqual({ subkey: 'k', settings: feeds });
  });

  it('decodes the reads sidebar, advanced feeds, DVM metadata and releases', () => {
    const page = decodePage([
      resultEvent(ResultKind.RecommendedReads, {
        reads: [
          ['naddr1x', 'Title'],
          ['naddr1y', 'Other'],
        ],
      }),
      { kind: ResultKind.RecommendedReads, content: '{"reads":[[1,2],["naddr1z"]]}' },
      resultEvent(ResultKind.ReadsTopics, ['bitcoin', 'nostr']),
      resultEvent(ResultKind.FeaturedAuthors, ['a'.repeat(64)]),
      resultEvent(ResultKind.AdvancedFeeds, [
        { id: 'x', name: 'X', description: '', specification: '{}', category: 'notes' },
      ]),
      resultEvent(ResultKind.DvmFeedMetadata, { event_id: 'e1', kind: 'reads', is_primal: false }),
      resultEvent(ResultKind.DvmFollowsActions, { event_id: 'e1', users: ['b'.repeat(64)] }),
      resultEvent(ResultKind.AppReleases, {
        web: { version: '0.1.0' },
        ios: { version: '', url: '', date: '' },
        android: { version: '', url: '', date: '' },
      }),
    ]);
    // the later (malformed) 10000145 keeps only its well-formed pair
    expect(page.recommendedReads).toEqual([['naddr1z', '']]);
    expect(page.readsTopics).toEqual(['bitcoin', 'nostr']);
    expect(page.featuredAuthors).toEqual(['a'.repeat(64)]);
    expect(page.advancedFeeds?.[0]?.category).toBe('notes');
    expect(page.dvmMetadata.e1?.kind).toBe('reads');
    expect(page.dvmFollows.e1).toEqual(['b'.repeat(64)]);
    expect(page.appReleases?.web.version).toBe('0.1.0');
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.anything(),
            fc.record({
              kind: fc.oneof(fc.constantFrom(...Object.values(ResultKind)), fc.integer()),
              content: fc.oneof(fc.string(), fc.json()),
            }),
          ),
        ),
        (events) => {
          decodePage(events);
        },
      ),
    );
  });
});
