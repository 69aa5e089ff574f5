import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inflateFrame, isSignedEvent, ResultKind, type CacheEvent } from '@swell/cache-protocol';
import { finalizeEvent, initVerifier, verifyEvent, type NostrEvent } from '@swell/nostr';
import { loadConfig, type RunningServer } from '@swell/server';
import { demoAccounts, startDevnetServer } from '../src/index.ts';
import { seededDemoData } from '../src/testing.ts';

// Conformance: every REQ the stock reference web client (2.0.11) sent while opening 20 screens
// (data/SOURCES.md), replayed against a freshly seeded demo server on its original subscription
// ids, in its original order and timing groups (cache-protocol.md sections 1, 2, 8).

interface Line {
  screen: string;
  ms: number;
  frame: unknown[];
}

const recorded: Line[] = readFileSync(
  new URL('data/primal-web-2.0.11-requests.jsonl', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Line);

const alice = demoAccounts[0]!;
const aliceKey = Uint8Array.from(Buffer.from(alice.secretKeyHex, 'hex'));
/** The reference service account the reference client asks guest feeds as. */
const REFERENCE_GUEST = '532d830dffe09c13e75e8b145c825718fc12b0003f61d61e9077721c7fff93cb';
const STREAMS = new Set(['net_stats', 'directmsg_count', 'notification_counts']);
/** A gap between timing groups is replayed, but at most this long (the screens took minutes). */
const MAX_GAP_MS = 250;

/** Re-signs every signed event inside a payload with alice's key, each fresh and unique. */
let signed = 0;
function resign(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resign);
  if (typeof value !== 'object' || value === null) return value;
  if (isSignedEvent(value)) {
    const now = Math.floor(Date.now() / 1000);
    // one second apart, so two identical requests are two different events
    return finalizeEvent(
      { kind: value.kind, tags: value.tags, content: value.content, created_at: now - signed++ },
      aliceKey,
    );
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resign(v)]));
}

interface Answer {
  events: CacheEvent[];
  notices: string[];
}

interface Req {
  screen: string;
  subId: string;
  command: string;
  payload: Record<string, unknown>;
}

/** Answers per subscription id, split at each EOSE (one answer's frames are contiguous). */
class Recorder {
  readonly answers = new Map<string, Answer[]>();
  private current = new Map<string, Answer>();
  readonly frames: unknown[][] = [];

  add(msg: unknown[]): void {
    this.frames.push(msg);
    const [verb, subId] = msg as [string, string];
    const open = this.current.get(subId) ?? { events: [], notices: [] };
    this.current.set(subId, open);
    if (verb === 'EVENTS') open.events.push(...(msg[2] as CacheEvent[]));
    else if (verb === 'EVENT') open.events.push(msg[2] as CacheEvent);
    else if (verb === 'NOTICE') open.notices.push(String(msg[2]));
    else if (verb === 'EOSE') {
      const list = this.answers.get(subId) ?? [];
      list.push(open);
      this.answers.set(subId, list);
      this.current.delete(subId);
    }
  }

  eoses(subId: string): number {
    return this.answers.get(subId)?.length ?? 0;
  }
}

/** One screen: its own connection, frames sent group by group, then every EOSE awaited. */
async function replayScreen(url: string, lines: Line[]): Promise<{ reqs: Req[]; rec: Recorder }> {
  const ws = new WebSocket(url);
  const rec = new Recorder();
  ws.on('message', (data: Buffer, isBinary) => {
    const msg = isBinary ? inflateFrame(new Uint8Array(data)) : JSON.parse(String(data));
    if (Array.isArray(msg)) rec.add(msg);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const reqs: Req[] = [];
  const groups: Line[][] = [];
  for (const line of lines) {
    const last = groups.at(-1);
    if (last && last[0]!.ms === line.ms) last.push(line);
    else groups.push([line]);
  }
  for (let g = 0; g < groups.length; g++) {
    for (const { screen, frame } of groups[g]!) {
      let out = frame;
      if (frame[0] === 'REQ') {
        const [command, payload] = (frame[2] as { cache: [string, unknown?] }).cache;
        const fresh = resign(payload ?? {}) as Record<string, unknown>;
        out = ['REQ', frame[1], { cache: payload === undefined ? [command] : [command, fresh] }];
        reqs.push({ screen, subId: String(frame[1]), command, payload: fresh });
      }
      ws.send(JSON.stringify(out));
    }
    const next = groups[g + 1];
    if (next) {
      const gap = Math.min(MAX_GAP_MS, next[0]!.ms - groups[g]![0]!.ms);
      await new Promise((r) => setTimeout(r, gap));
    }
  }
  const expected = new Map<string, number>();
  for (const r of reqs) expected.set(r.subId, (expected.get(r.subId) ?? 0) + 1);
  const deadline = Date.now() + 30_000;
  while ([...expected].some(([id, n]) => rec.eoses(id) < n) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 25));
  ws.close();
  return { reqs, rec };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isHex64 = (v: unknown) => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);
const numbers = (v: unknown) => isRecord(v) && Object.values(v).every((n) => typeof n === 'number');
const strings = (v: unknown) => isRecord(v) && Object.values(v).every((s) => typeof s === 'string');
const hasFields = (v: unknown, fields: string[]) => isRecord(v) && fields.every((f) => f in v);

/**
 * The content shape of each result kind (cache-protocol.md section 2): arrays where it says
 * arrays; top-level fields where it says top-level.
 */
const SHAPES: Record<number, (content: unknown, e: CacheEvent) => boolean> = {
  [ResultKind.NoteStats]: (c) => hasFields(c, ['event_id', 'likes', 'replies', 'satszapped']),
  [ResultKind.NetStats]: (c) => hasFields(c, ['users', 'pubnotes', 'zaps', 'satszapped']),
  [ResultKind.LegendCounts]: (c, e) =>
    hasFields(c, ['your_follows', 'your_inner_network', 'your_outer_network']) && isHex64(e.pubkey),
  [ResultKind.DefaultAppSettings]: (c, e) =>
    isRecord(c) && Array.isArray(e.tags) && e.tags.some((t) => t[0] === 'd'),
  [ResultKind.UserStats]: (c) =>
    hasFields(c, ['pubkey', 'follows_count', 'followers_count', 'note_count']),
  [ResultKind.ReferencedEvent]: (c) => isSignedEvent(c),
  [ResultKind.UserScores]: numbers,
  [ResultKind.Notification]: (c) => hasFields(c, ['id', 'pubkey', 'created_at', 'type']),
  [ResultKind.NotificationsSeen]: (c) => typeof c === 'number',
  [ResultKind.NotificationCounts]: (_c, e) =>
    isHex64(e.pubkey) && Object.keys(e).some((k) => /^\d+$/.test(k)),
  [ResultKind.FeedRange]: (c) =>
    isRecord(c) && typeof c.order_by === 'string' && Array.isArray(c.elements),
  [ResultKind.NoteActions]: (c) => hasFields(c, ['event_id', 'liked', 'replied', 'zapped']),
  [ResultKind.DmCount]: (_c, e) => typeof e.cnt === 'number',
  [ResultKind.DmContacts]: (c) =>
    isRecord(c) &&
    Object.values(c).every((v) => hasFields(v, ['cnt', 'latest_at', 'latest_event_id'])),
  [ResultKind.MediaInfo]: (c) =>
    isRecord(c) && typeof c.event_id === 'string' && Array.isArray(c.resources),
  [ResultKind.DefaultRelays]: (c) => Array.isArray(c) && c.every((r) => typeof r === 'string'),
  [ResultKind.IsFollowing]: (c) => typeof c === 'boolean',
  [ResultKind.LinkMetadata]: (c) => isRecord(c) && Array.isArray(c.resources),
  [ResultKind.TopZap]: (c) => hasFields(c, ['event_id', 'sender', 'receiver', 'amount_sats']),
  [ResultKind.FilteringReason]: (c) => hasFields(c, ['action']),
  [ResultKind.FollowerCounts]: numbers,
  [ResultKind.SuggestedUsers]: (c) =>
    Array.isArray(c) && c.every((g) => hasFields(g, ['group', 'members'])),
  [ResultKind.AppReleases]: (c) =>
    isRecord(c) &&
    hasFields(c.web, ['version']) &&
    // a mobile platform only when configured, then with a version and a date
    [c.ios, c.android].every((r) => r === undefined || hasFields(r, ['version', 'date'])),
  [ResultKind.UserRelays]: (_c, e) => isHex64(e.pubkey) && Array.isArray(e.tags),
  [ResultKind.RelayHints]: strings,
  [ResultKind.QuoteCount]: (c) => hasFields(c, ['event_id', 'count']),
  [ResultKind.WordCount]: (c) => hasFields(c, ['event_id', 'words']),
  [ResultKind.RecommendedReads]: (c) =>
    isRecord(c) &&
    Array.isArray(c.reads) &&
    c.reads.every(
      (r) =>
        Array.isArray(r) &&
        typeof r[0] === 'string' &&
        r[0].startsWith('naddr1') &&
        typeof r[1] === 'string',
    ),
  [ResultKind.ReadsTopics]: (c) => Array.isArray(c) && c.every((t) => typeof t === 'string'),
  [ResultKind.FeaturedAuthors]: (c) => Array.isArray(c) && c.every(isHex64),
  [ResultKind.AdvancedFeeds]: (c) =>
    Array.isArray(c) && c.every((f) => hasFields(f, ['id', 'name', 'specification', 'category'])),
  [ResultKind.ReadsFeeds]: (c) =>
    Array.isArray(c) && c.every((f) => hasFields(f, ['name', 'spec', 'description', 'enabled'])),
  [ResultKind.HomeFeeds]: (c) =>
    Array.isArray(c) && c.every((f) => hasFields(f, ['name', 'spec', 'description', 'enabled'])),
  // the bare stored value; for the feed lists the reference client spreads it as an array
  [ResultKind.AppSubsettings]: (c) =>
    Array.isArray(c) && c.every((f) => hasFields(f, ['name', 'spec'])),
  [ResultKind.DvmFollowsActions]: (c) => isRecord(c) && Array.isArray(c.users),
  [ResultKind.FollowerIncrease]: (c) =>
    isRecord(c) && Object.values(c).every((v) => hasFields(v, ['increase', 'ratio', 'count'])),
  [ResultKind.VerifiedNames]: strings,
  [ResultKind.DvmFeedMetadata]: (c) => hasFields(c, ['event_id', 'kind', 'is_primal']),
  [ResultKind.TopicStats]: numbers,
};

/** Result kinds each command's answer must hold (beyond what every answer may carry). */
const REQUIRED: Record<string, number[]> = {
  get_app_releases: [ResultKind.AppReleases],
  get_default_app_settings: [ResultKind.DefaultAppSettings],
  get_home_feeds: [ResultKind.HomeFeeds],
  get_reads_feeds: [ResultKind.ReadsFeeds],
  get_app_subsettings: [ResultKind.AppSubsettings],
  user_infos: [ResultKind.FollowerCounts],
  scored: [ResultKind.FeedRange],
  mega_feed_directive: [ResultKind.FeedRange],
  get_user_relays: [ResultKind.UserRelays],
  get_notifications_seen: [ResultKind.NotificationsSeen],
  notification_counts: [ResultKind.NotificationCounts],
  directmsg_count: [ResultKind.DmCount],
  net_stats: [ResultKind.NetStats],
  scored_users_24h: [ResultKind.UserScores],
  user_profile: [ResultKind.UserStats],
  user_profile_scored_content: [ResultKind.FeedRange],
  explore_topics: [ResultKind.TopicStats],
  thread_view: [ResultKind.FeedRange],
  event_zaps_by_satszapped: [ResultKind.FeedRange],
  note_mentions_count: [ResultKind.QuoteCount],
  get_recommended_reads: [ResultKind.RecommendedReads],
  get_reads_topics: [ResultKind.ReadsTopics],
  get_featured_authors: [ResultKind.FeaturedAuthors],
  get_featured_dvm_feeds: [ResultKind.DvmFeedMetadata],
  explore_people: [ResultKind.FollowerIncrease, ResultKind.FeedRange],
  explore_zaps: [ResultKind.FeedRange],
  explore_media: [ResultKind.FeedRange],
  user_search: [ResultKind.UserScores],
  get_directmsg_contacts: [ResultKind.DmContacts, ResultKind.FeedRange],
  get_directmsgs: [ResultKind.FeedRange],
  is_user_following: [ResultKind.IsFollowing],
  get_notifications: [ResultKind.FeedRange],
};

/** Result kinds that come alone, exactly once (a client parses every event of the answer). */
const ALONE: Record<string, number> = {
  get_app_releases: ResultKind.AppReleases,
  get_home_feeds: ResultKind.HomeFeeds,
  get_reads_feeds: ResultKind.ReadsFeeds,
  get_app_subsettings: ResultKind.AppSubsettings,
  get_recommended_reads: ResultKind.RecommendedReads,
  get_reads_topics: ResultKind.ReadsTopics,
  get_featured_authors: ResultKind.FeaturedAuthors,
  explore_topics: ResultKind.TopicStats,
  note_mentions_count: ResultKind.QuoteCount,
  is_user_following: ResultKind.IsFollowing,
};

describe('the stock reference web client (2.0.11) against a fresh demo server', () => {
  let server: RunningServer;
  let dataDir: string;
  const runs: Array<{ screen: string; reqs: Req[]; rec: Recorder }> = [];

  beforeAll(async () => {
    await initVerifier();
    dataDir = mkdtempSync(join(tmpdir(), 'swell-replay-'));
    // seeding the demo network is slow: one server for the whole file, on the run's seeded copy
    await seededDemoData(dataDir);
    server = await startDevnetServer({
      ...loadConfig({}, []),
      port: 0,
      dataDir,
      logLevel: 'warn',
      demo: true,
      devnet: true,
    });
    const url = `${server.url.replace('http', 'ws')}/v1`;
    const screens = [...new Set(recorded.map((l) => l.screen))];
    for (const screen of screens) {
      const run = await replayScreen(
        url,
        recorded.filter((l) => l.screen === screen),
      );
      runs.push({ screen, ...run });
    }
  }, 600_000);
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Every answer with the command of its REQ (one id carries one command per screen). */
  const answers = () =>
    runs.flatMap(({ screen, reqs, rec }) => {
      const out: Array<{ screen: string; req: Req; answer: Answer }> = [];
      const used = new Map<string, number>();
      for (const req of reqs) {
        const i = used.get(req.subId) ?? 0;
        used.set(req.subId, i + 1);
        const answer = rec.answers.get(req.subId)?.[i];
        if (answer) out.push({ screen, req, answer });
      }
      return out;
    });

  it('replays all 430 REQs of 20 screens', () => {
    expect(runs).toHaveLength(20);
    expect(runs.reduce((n, r) => n + r.reqs.length, 0)).toBe(430);
  });

  it('answers every REQ with its own EOSE, reused subscription ids included', () => {
    const missing: string[] = [];
    for (const { screen, reqs, rec } of runs) {
      const expected = new Map<string, number>();
      for (const r of reqs) expected.set(r.subId, (expected.get(r.subId) ?? 0) + 1);
      for (const [id, n] of expected)
        if (rec.eoses(id) !== n) missing.push(`${screen} ${id}: ${rec.eoses(id)} of ${n}`);
    }
    expect(missing).toEqual([]);
    // the recording reuses ids while requests are in flight (events_, recomended_users_, ...)
    const reused = runs.flatMap((r) =>
      r.reqs.filter((q, i) => r.reqs.findIndex((o) => o.subId === q.subId) !== i),
    );
    expect(reused.length).toBeGreaterThan(60);
  });

  it('never answers `unknown api request`; the only notices are for bech32 event ids', () => {
    const notices = answers().flatMap(({ screen, req, answer }) =>
      answer.notices.map((n) => ({
        screen,
        command: req.command,
        notice: n,
        payload: req.payload,
      })),
    );
    expect(notices.filter((n) => n.notice.includes('unknown api request'))).toEqual([]);
    for (const n of notices) {
      // the reference client asks `events` with nevent1 strings (mentions in notes), which
      // the reference server refuses too (cache-protocol.md section 1)
      expect(n.command, JSON.stringify(n)).toBe('events');
      expect(JSON.stringify(n.payload.event_ids)).toContain('nevent1');
    }
  });

  it('each answer holds the result kinds and content shapes of the protocol', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { screen, req, answer } of answers()) {
      if (answer.notices.length > 0) continue;
      const where = `${screen} ${req.command}`;
      const kinds = answer.events.map((e) => e.kind);
      for (const e of answer.events) {
        if (e.kind >= 10_000_000) {
          const shape = SHAPES[e.kind];
          let content: unknown;
          try {
            content = e.content === '' ? undefined : JSON.parse(e.content);
          } catch {
            problems.push(`${where}: ${e.kind} content is not JSON`);
            continue;
          }
          if (!shape) problems.push(`${where}: unexpected result kind ${e.kind}`);
          else if (!shape(content, e)) problems.push(`${where}: ${e.kind} shape ${e.content}`);
          checked++;
        } else if (!isSignedEvent(e) || !verifyEvent(e as NostrEvent)) {
          problems.push(`${where}: kind ${e.kind} is not a valid signed event`);
        }
      }
      for (const k of REQUIRED[req.command] ?? [])
        if (!kinds.includes(k)) problems.push(`${where}: no ${k} in [${kinds.join(',')}]`);
      const alone = ALONE[req.command];
      if (alone !== undefined && kinds.join() !== String(alone))
        problems.push(`${where}: expected one ${alone}, got [${kinds.join(',')}]`);
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it('guests get a useful latest feed, the reads sidebar and Explore > People', () => {
    const all = answers();
    const guestLatest = all.filter(
      (a) =>
        a.req.command === 'mega_feed_directive' &&
        a.req.payload.user_pubkey === REFERENCE_GUEST &&
        String(a.req.payload.spec).includes('"latest"'),
    );
    expect(guestLatest.length).toBeGreaterThan(0);
    for (const { answer } of guestLatest) {
      expect(answer.events.filter((e) => e.kind === 1 || e.kind === 6).length).toBeGreaterThan(0);
      const range = answer.events.find((e) => e.kind === ResultKind.FeedRange)!;
      // A page of 20 shows each note once (cache-protocol.md section 4): a repost of a note the
      // page already shows is folded into it, so a page may be a few short of its limit.
      const shown = (JSON.parse(range.content) as { elements: string[] }).elements.length;
      expect(shown).toBeGreaterThanOrEqual(15);
      expect(shown).toBeLessThanOrEqual(20);
    }
    const one = (command: string) => {
      const found = all.filter((a) => a.req.command === command);
      expect(found.length, command).toBeGreaterThan(0);
      return found.map((a) => JSON.parse(a.answer.events[0]!.content) as unknown);
    };
    for (const reads of one('get_recommended_reads'))
      expect((reads as { reads: unknown[] }).reads.length).toBeGreaterThan(0);
    for (const topics of one('get_reads_topics')) expect((topics as []).length).toBeGreaterThan(0);
    for (const authors of one('get_featured_authors'))
      expect((authors as []).length).toBeGreaterThan(0);
    const people = all.filter((a) => a.req.command === 'explore_people');
    expect(people.length).toBeGreaterThan(0);
    for (const { answer } of people) {
      const increase = answer.events.find((e) => e.kind === ResultKind.FollowerIncrease)!;
      expect(Object.keys(JSON.parse(increase.content) as object).length).toBeGreaterThan(0);
      expect(answer.events.some((e) => e.kind === 0)).toBe(true);
    }
  });

  it('streams answer EOSE at once and keep pushing; one-shot answers end with their EOSE', () => {
    for (const { reqs, rec } of runs)
      for (const r of reqs.filter((q) => STREAMS.has(q.command)))
        expect(rec.eoses(r.subId), `${r.command} ${r.subId}`).toBe(1);
  });
});
