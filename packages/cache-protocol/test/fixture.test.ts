import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodePage, ResultKind, type CacheEvent } from '../src/index.ts';

const vectors = new URL('./vectors/', import.meta.url);
type Fixture = Record<string, CacheEvent[] | CacheEvent>;
const fixture = JSON.parse(
  readFileSync(new URL('primal-cache-fixture.json', vectors), 'utf8'),
) as Fixture;
const resultKinds = JSON.parse(
  readFileSync(new URL('primal-cache-result-kinds.json', vectors), 'utf8'),
) as {
  counts: Record<string, { count: number }>;
  samples: Record<string, { examples: Array<CacheEvent & { content_parsed: unknown }> }>;
};

function all(): CacheEvent[] {
  const out: CacheEvent[] = [];
  for (const v of Object.values(fixture)) {
    if (Array.isArray(v)) out.push(...v);
    else out.push(v);
  }
  return out;
}
const list = (key: string) => fixture[key] as CacheEvent[];
const contentOf = (e: CacheEvent) => JSON.parse(e.content) as Record<string, unknown>;
const uniq = (xs: unknown[]) => new Set(xs).size;

describe('decodePage on the recorded Primal cache fixture', () => {
  const page = decodePage(all());

  it('finds every note, repost and user the file holds', () => {
    expect(page.notes.filter((n) => n.kind === 1)).toHaveLength(
      uniq(list('notes').map((e) => e.id)),
    );
    expect(page.notes.filter((n) => n.kind === 1)).toHaveLength(504);
    expect(page.notes.filter((n) => n.kind === 6)).toHaveLength(29);
    expect(Object.keys(page.users)).toHaveLength(uniq(list('metadata').map((e) => e.pubkey)));
    expect(page.zaps).toHaveLength(718);
    // blossom server lists are not posts
    expect(page.others.filter((e) => e.kind === 10063)).toHaveLength(302);
  });

  it('gives the counts of stats, actions, media, previews, mentions and hints', () => {
    expect(Object.keys(page.stats)).toHaveLength(598);
    expect(Object.keys(page.actions)).toHaveLength(99);
    const mediaIds = uniq(list('cdnResources').map((e) => contentOf(e).event_id));
    expect(Object.keys(page.media)).toHaveLength(mediaIds);
    const urls = uniq(
      list('cdnResources').flatMap((e) =>
        (contentOf(e).resources as Array<{ url: string }>).map((r) => r.url),
      ),
    );
    expect(Object.keys(page.mediaByUrl)).toHaveLength(urls);
    const previewIds = uniq(list('primalLinkPreviews').map((e) => contentOf(e).event_id));
    expect(Object.keys(page.previews)).toHaveLength(previewIds);
    expect(Object.keys(page.mentions)).toHaveLength(
      uniq(list('referencedEvents').map((e) => contentOf(e).id)),
    );
    const hintKeys = uniq(list('primalRelayHints').flatMap((e) => Object.keys(contentOf(e))));
    expect(Object.keys(page.relayHints)).toHaveLength(hintKeys);
    expect(page.verifiedNames).toEqual(contentOf(fixture.primalUserNames as CacheEvent));
    expect(Object.keys(page.legends)).toEqual(
      Object.keys(contentOf(fixture.primalLegendProfiles as CacheEvent)),
    );
    expect(Object.values(page.cohorts)[0]?.tier).toBe('premium-legend');
    const polls = uniq(list('primalPollStats').flatMap((e) => Object.keys(contentOf(e))));
    expect(Object.keys(page.pollStats)).toHaveLength(polls);
    expect(polls).toBeGreaterThan(30);
  });

  it('keeps the stats of a note exactly as sent', () => {
    const first = list('primalEventStats')[0]!;
    const c = contentOf(first);
    expect(page.stats[c.event_id as string]).toEqual(c);
  });

  it('resolves reposts from their content or the mentioned events', () => {
    const expected = list('reposts').filter((r) => {
      if (r.content.startsWith('{')) return true;
      const e = r.tags?.find((t) => t[0] === 'e')?.[1];
      return (
        e !== undefined &&
        (list('referencedEvents').some((x) => contentOf(x).id === e) ||
          list('notes').some((n) => n.id === e))
      );
    }).length;
    expect(Object.keys(page.reposts)).toHaveLength(expected);
    expect(expected).toBeGreaterThan(0);
  });

  it('decodes every sample of primal-cache-result-kinds.json into its typed slot', () => {
    for (const [kind, sample] of Object.entries(resultKinds.samples)) {
      for (const ex of sample.examples) {
        const { content_parsed: parsed, ...event } = ex;
        const p = decodePage([event]);
        const c = parsed as Record<string, unknown>;
        switch (Number(kind)) {
          case ResultKind.NoteStats:
            expect(p.stats[c.event_id as string]).toEqual(c);
            break;
          case ResultKind.ReferencedEvent:
            expect(p.mentions[c.id as string]).toEqual(c);
            break;
          case ResultKind.NoteActions:
            expect(p.actions[c.event_id as string]).toEqual(c);
            break;
          case ResultKind.MediaInfo:
            expect(p.media[c.event_id as string]).toEqual(c);
            break;
          case ResultKind.LinkMetadata:
            expect(p.previews[c.event_id as string]).toEqual(c);
            break;
          case ResultKind.RelayHints:
            expect(p.relayHints).toEqual(c);
            break;
          case ResultKind.VerifiedNames:
            expect(p.verifiedNames).toEqual(c);
            break;
          case ResultKind.LegendCustomization:
            expect(p.legends).toEqual(c);
            break;
          case ResultKind.MembershipCohort:
            expect(p.cohorts).toEqual(c);
            break;
          case ResultKind.PollStats:
            for (const [pollId, options] of Object.entries(c))
              expect(p.pollStats[pollId]).toEqual(options);
            break;
          default:
            // others we do not model are kept untouched
            expect(p.unknown).toHaveLength(1);
        }
      }
    }
  });
});
