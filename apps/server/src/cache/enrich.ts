import {
  referencedEvent,
  resultEvent,
  ResultKind,
  type CacheEvent,
  type NoteActions,
} from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { contentRefs } from './content-refs.ts';
import { linkPreviewOf, linkUrls, mediaInfoOf, wordCount } from './media-info.ts';
import {
  noteActions,
  noteStats,
  topZaps,
  userScores,
  type TopZapRow,
} from './queries/annotations.ts';
import { byCoordinates, eventsByIds } from './queries/events.ts';
import { pollAnnotations, type PollAnnotations } from './queries/polls.ts';
import { cachedPreviews } from './queries/previews.ts';
import type { CacheRequest } from './request.ts';
import { knownMediaOf } from '../media/known-media.ts';

export interface EnrichOptions {
  /** Top zaps per post (0 = none). */
  topZaps?: number;
  /** Skip the once-per-page events (10000108, ...), e.g. when another page follows. */
  pageExtras?: boolean;
}

type Out = Array<CacheEvent | NostrEvent>;

/**
 * The enrichment of cache-protocol.md section 3 for a list of posts, in display order. Returns
 * the events to send (without the feed range, which the caller appends last).
 */
export async function enrichPosts(
  req: CacheRequest,
  posts: readonly NostrEvent[],
  opts: EnrichOptions = {},
): Promise<Out> {
  const db = req.store.db;
  const user = typeof req.payload.user_pubkey === 'string' ? req.payload.user_pubkey : undefined;
  // Let other connections' work (and this request's time budget) run between the page query
  // and its enrichment: SQLite answers synchronously.
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (req.signal.aborted) return [...posts];

  // Referenced events to depth 3.
  const referenced = new Map<string, NostrEvent>();
  const refsOf = new Map<string, string[]>();
  const hints: Record<string, string> = {};
  const known = new Set(posts.map((p) => p.id));
  let frontier: NostrEvent[] = [...posts];
  for (let depth = 0; depth < 3 && frontier.length > 0; depth++) {
    const wantIds = new Set<string>();
    const wantCoords = new Set<string>();
    for (const e of frontier) {
      const r = contentRefs(e);
      Object.assign(hints, r.hints);
      for (const id of r.ids) if (!known.has(id)) wantIds.add(id);
      for (const c of r.coordinates) wantCoords.add(c);
      refsOf.set(e.id, [...r.ids, ...r.coordinates]);
    }
    if (req.signal.aborted) break;
    const [byId, byAddress] = await Promise.all([
      eventsByIds(db, [...wantIds].slice(0, 500)),
      byCoordinates(db, [...wantCoords].slice(0, 50)),
    ]);
    const found = [...byId, ...byAddress];
    frontier = [];
    for (const e of found) {
      if (known.has(e.id)) continue;
      known.add(e.id);
      referenced.set(e.id, e);
      frontier.push(e);
    }
  }
  // Coordinates resolve to event ids for emission.
  const byCoord = new Map<string, string>();
  for (const e of referenced.values()) {
    if (e.kind >= 30000 && e.kind < 40000) {
      const d = e.tags.find((t) => t[0] === 'd')?.[1] ?? '';
      byCoord.set(`${e.kind}:${e.pubkey}:${d}`, e.id);
    }
  }

  const all = [...posts, ...referenced.values()];
  const allIds = all.map((e) => e.id);
  const postIds = posts.map((e) => e.id);
  const zapsPerNote = opts.topZaps ?? 5;
  const pubkeys = new Set<string>();
  const usersOf = new Map<string, string[]>();
  for (const e of all) {
    const list = [e.pubkey, ...contentRefs(e).pubkeys];
    usersOf.set(e.id, list);
    for (const p of list) pubkeys.add(p);
  }
  const links = new Set<string>();
  for (const e of all) for (const u of linkUrls(e)) links.add(u);
  // Independent lookups run together (PostgreSQL serves them on several connections).
  const [stats, actions, zaps, profiles, previews, polls] = await Promise.all([
    noteStats(db, allIds),
    user ? noteActions(db, user, allIds) : Promise.resolve(new Map<string, NoteActions>()),
    zapsPerNote > 0
      ? topZaps(db, postIds, zapsPerNote)
      : Promise.resolve(new Map<string, TopZapRow[]>()),
    req.ctx.profiles.get(db, [...pubkeys]),
    cachedPreviews(req.store, [...links]),
    all.some((e) => e.kind === 1068 || e.kind === 6969)
      ? pollAnnotations(db, all, user)
      : Promise.resolve<PollAnnotations>({ stats: {}, mine: new Map() }),
  ]);
  const zapUsers = new Set<string>();
  for (const list of zaps.values())
    for (const z of list)
      for (const p of [z.zap.sender, z.zap.receiver]) if (p && !pubkeys.has(p)) zapUsers.add(p);
  for (const p of zapUsers) pubkeys.add(p);
  if (zapUsers.size > 0)
    for (const [k, v] of await req.ctx.profiles.get(db, [...zapUsers])) profiles.set(k, v);
  pubkeys.delete('');
  const uploads = await knownMediaOf(req.ctx.media, [...all, ...profiles.values()]);

  const out: Out = [];
  const sent = new Set<string>();
  const once = (key: string): boolean => {
    if (sent.has(key)) return false;
    sent.add(key);
    return true;
  };
  const sendProfile = (pubkey: string) => {
    const p = profiles.get(pubkey);
    if (!p || !once(p.id)) return;
    out.push(p);
    const media = mediaInfoOf(p, req.baseUrl, uploads);
    if (media) out.push(resultEvent(ResultKind.MediaInfo, media));
  };
  const sendAnnotations = (e: NostrEvent) => {
    if (!once(`stats:${e.id}`)) return;
    out.push(resultEvent(ResultKind.NoteStats, stats.get(e.id)!));
    const tally = polls.stats[e.id];
    if (tally) out.push(resultEvent(ResultKind.PollStats, { [e.id]: tally }));
    const a = actions.get(e.id);
    if (tally && user) {
      // A poll: the user's counted vote, also when they did nothing else to it.
      const mine = polls.mine.get(e.id) ?? [];
      const base = a ?? {
        event_id: e.id,
        liked: false,
        replied: false,
        reposted: false,
        zapped: false,
      };
      out.push(
        resultEvent(ResultKind.NoteActions, {
          ...base,
          voted_for_option: mine[0] ?? null,
          voted_for_options: mine,
        }),
      );
    } else if (a) out.push(resultEvent(ResultKind.NoteActions, a));
    const media = mediaInfoOf(e, req.baseUrl, uploads);
    if (media) out.push(resultEvent(ResultKind.MediaInfo, media));
    const lp = linkPreviewOf(e, previews);
    if (lp) out.push(resultEvent(ResultKind.LinkMetadata, lp));
    if (e.kind === 30023)
      out.push(resultEvent(ResultKind.WordCount, { event_id: e.id, words: wordCount(e.content) }));
  };
  const sendRefs = (e: NostrEvent, depth: number) => {
    if (depth > 3) return;
    for (const ref of refsOf.get(e.id) ?? []) {
      const id = byCoord.get(ref) ?? ref;
      const r = referenced.get(id);
      if (!r || !once(`ref:${id}`)) continue;
      out.push(referencedEvent(r));
      sendRefs(r, depth + 1);
    }
  };
  const sendRefAnnotations = (e: NostrEvent, depth: number) => {
    if (depth > 3) return;
    for (const ref of refsOf.get(e.id) ?? []) {
      const r = referenced.get(byCoord.get(ref) ?? ref);
      if (!r || sent.has(`stats:${r.id}`)) continue;
      for (const p of usersOf.get(r.id) ?? []) sendProfile(p);
      sendAnnotations(r);
      sendRefAnnotations(r, depth + 1);
    }
  };

  for (const post of posts) {
    if (once(post.id)) out.push(post);
    sendRefs(post, 1);
    for (const p of usersOf.get(post.id) ?? []) sendProfile(p);
    for (const z of zaps.get(post.id) ?? []) {
      if (once(z.receipt.id)) out.push(z.receipt);
      sendProfile(z.zap.sender);
      sendProfile(z.zap.receiver);
      out.push(resultEvent(ResultKind.TopZap, z.zap));
    }
    sendAnnotations(post);
    sendRefAnnotations(post, 1);
  }

  if (opts.pageExtras !== false) {
    out.push(...(await pageExtras(req, [...pubkeys], hints)));
  }
  return out;
}

/**
 * Once per page: user scores, relay hints, verified names, and for members among the users their
 * legend customization (10000168) and tier and cohort (10000169).
 */
export async function pageExtras(
  req: CacheRequest,
  pubkeys: readonly string[],
  hints: Record<string, string> = {},
): Promise<CacheEvent[]> {
  const out: CacheEvent[] = [];
  const [scores, names, members] = await Promise.all([
    pubkeys.length > 0 ? userScores(req.store.db, pubkeys) : Promise.resolve(undefined),
    verifiedNames(req, pubkeys),
    req.ctx.membership.pageExtras(pubkeys, req.now),
  ]);
  if (scores) out.push(resultEvent(ResultKind.UserScores, scores));
  if (Object.keys(hints).length > 0) out.push(resultEvent(ResultKind.RelayHints, hints));
  if (Object.keys(names).length > 0) out.push(resultEvent(ResultKind.VerifiedNames, names));
  if (Object.keys(members.legends).length > 0)
    out.push(resultEvent(ResultKind.LegendCustomization, members.legends));
  if (Object.keys(members.cohorts).length > 0)
    out.push(resultEvent(ResultKind.MembershipCohort, members.cohorts));
  return out;
}

/** Verified names (10000158): the names these users hold in this server's name registry. */
export async function verifiedNames(
  req: CacheRequest,
  pubkeys: readonly string[],
): Promise<Record<string, string>> {
  if (pubkeys.length === 0) return {};
  return Object.fromEntries(await req.ctx.names.namesOf(pubkeys));
}
