import { isSignedEvent, type CacheEvent, type SignedEvent } from './event.ts';
import { emptyPage, type FeedPage } from './feed-page.ts';
import { EventKind, POST_KINDS, ResultKind } from './result-kind.ts';
import type {
  FeedRange,
  LegendCounts,
  LinkPreview,
  MediaInfo,
  NoteActions,
  NoteStats,
  Notification,
  TopZap,
  UserStats,
} from './results.ts';

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parse(content: unknown): unknown {
  if (typeof content !== 'string' || content === '') return undefined;
  try {
    return JSON.parse(content) as unknown;
  } catch {
    return undefined;
  }
}

function str(v: unknown): v is string {
  return typeof v === 'string';
}

function numberRecord(v: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (!isRecord(v)) return out;
  for (const [k, n] of Object.entries(v)) {
    const x = typeof n === 'string' ? Number(n) : n;
    if (typeof x === 'number' && Number.isFinite(x)) out[k] = x;
  }
  return out;
}

function stringRecord(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(v)) return out;
  for (const [k, s] of Object.entries(v)) if (str(s)) out[k] = s;
  return out;
}

/**
 * Builds a `FeedPage` from result events as they arrive (one subscription's answer).
 * Never throws on malformed input: bad items are skipped.
 */
export class PageBuilder {
  private page: FeedPage = emptyPage();
  private posts = new Map<string, SignedEvent>();
  private seen = new Set<string>();

  add(event: unknown): void {
    if (!isRecord(event) || typeof event.kind !== 'number') return;
    if (event.kind >= 10_000_000 && !isSignedEvent(event)) {
      this.addResult(event as CacheEvent);
      return;
    }
    if (isSignedEvent(event)) this.addSigned(event);
  }

  addAll(events: Iterable<unknown>): this {
    for (const e of events) this.add(e);
    return this;
  }

  notice(message: string): void {
    this.page.notices.push(message);
  }

  private addSigned(e: SignedEvent): void {
    const p = this.page;
    if (e.kind === EventKind.Metadata) {
      const old = p.users[e.pubkey];
      if (!old || old.created_at <= e.created_at) p.users[e.pubkey] = e;
      return;
    }
    if (this.seen.has(e.id)) return;
    this.seen.add(e.id);
    if (e.kind === EventKind.Zap) p.zaps.push(e);
    else if (POST_KINDS.has(e.kind)) this.posts.set(e.id, e);
    else p.others.push(e);
  }

  private addResult(e: CacheEvent): void {
    const p = this.page;
    const c = parse(e.content);
    switch (e.kind) {
      case ResultKind.NoteStats:
        if (isRecord(c) && str(c.event_id)) p.stats[c.event_id] = c as unknown as NoteStats;
        return;
      case ResultKind.NoteActions:
        if (isRecord(c) && str(c.event_id)) p.actions[c.event_id] = c as unknown as NoteActions;
        return;
      case ResultKind.PollStats:
        if (isRecord(c))
          for (const [pollId, options] of Object.entries(c)) {
            if (!isRecord(options)) continue;
            const tally: Record<string, { votes: number; satszapped: number }> = {};
            for (const [id, o] of Object.entries(options)) {
              if (!isRecord(o)) continue;
              const votes = Number(o.votes);
              const sats = Number(o.satszapped ?? 0);
              if (Number.isFinite(votes) && Number.isFinite(sats))
                tally[id] = { votes, satszapped: sats };
            }
            p.pollStats[pollId] = tally;
          }
        return;
      case ResultKind.ReferencedEvent:
        if (isSignedEvent(c)) p.mentions[c.id] = c;
        return;
      case ResultKind.UserStats:
        if (isRecord(c) && str(c.pubkey)) p.userStats[c.pubkey] = c as unknown as UserStats;
        return;
      case ResultKind.MediaInfo:
        if (isRecord(c) && Array.isArray(c.resources)) {
          const info = c as unknown as MediaInfo;
          if (str(info.event_id)) p.media[info.event_id] = info;
          for (const r of info.resources) if (isRecord(r) && str(r.url)) p.mediaByUrl[r.url] = r;
        }
        return;
      case ResultKind.LinkMetadata:
        if (isRecord(c) && Array.isArray(c.resources)) {
          const lp = c as unknown as LinkPreview;
          if (str(lp.event_id)) p.previews[lp.event_id] = lp;
          for (const r of lp.resources) if (isRecord(r) && str(r.url)) p.previewByUrl[r.url] = r;
        }
        return;
      case ResultKind.TopZap:
        if (isRecord(c) && str(c.event_id) && str(c.zap_receipt_id)) {
          const list = (p.topZaps[c.event_id] ??= []);
          if (!list.some((z) => z.zap_receipt_id === c.zap_receipt_id)) {
            list.push(c as unknown as TopZap);
            list.sort((a, b) => (b.amount_sats ?? 0) - (a.amount_sats ?? 0));
          }
        }
        return;
      case ResultKind.WordCount:
        if (isRecord(c) && str(c.event_id) && typeof c.words === 'number')
          p.wordCounts[c.event_id] = c.words;
        return;
      case ResultKind.QuoteCount:
        if (isRecord(c) && str(c.event_id) && typeof c.count === 'number')
          p.quoteCounts[c.event_id] = c.count;
        return;
      case ResultKind.RelayHints:
        Object.assign(p.relayHints, stringRecord(c));
        return;
      case ResultKind.VerifiedNames:
        Object.assign(p.verifiedNames, stringRecord(c));
        return;
      case ResultKind.UserScores:
        Object.assign(p.userScores, numberRecord(c));
        return;
      case ResultKind.FollowerCounts:
        Object.assign(p.followerCounts, numberRecord(c));
        return;
      case ResultKind.TopicStats:
        Object.assign(p.topicStats, numberRecord(c));
        return;
      case ResultKind.LegendCustomization:
        if (isRecord(c))
          for (const [k, v] of Object.entries(c)) if (isRecord(v)) p.legends[k] = v as never;
        return;
      case ResultKind.MembershipCohort:
        if (isRecord(c))
          for (const [k, v] of Object.entries(c)) if (isRecord(v)) p.cohorts[k] = v as never;
        return;
      case ResultKind.FollowerIncrease:
        if (isRecord(c))
          for (const [k, v] of Object.entries(c))
            if (isRecord(v)) p.followerIncrease[k] = v as never;
        return;
      case ResultKind.DmContacts:
        if (isRecord(c))
          for (const [k, v] of Object.entries(c)) if (isRecord(v)) p.dmContacts[k] = v as never;
        return;
      case ResultKind.FeedRange:
        if (isRecord(c) && Array.isArray(c.elements)) {
          const range = { ...c, elements: c.elements.filter(str) } as FeedRange;
          p.ranges.push(range);
          p.range = range;
        }
        return;
      case ResultKind.Notification:
        if (isRecord(c) && str(c.id) && typeof c.type === 'number')
          p.notifications.push(c as unknown as Notification);
        return;
      case ResultKind.FilteringReason:
        if (isRecord(c) && str(c.action)) p.filteringReasons.push(c as never);
        return;
      case ResultKind.NetStats:
        if (isRecord(c)) p.netStats = c as never;
        return;
      case ResultKind.LegendCounts:
        if (isRecord(c))
          p.legendCounts = {
            ...(c as unknown as LegendCounts),
            ...(str(e.pubkey) ? { pubkey: e.pubkey } : {}),
          };
        return;
      case ResultKind.MediaStats:
        if (isRecord(c)) p.mediaStats = c as never;
        return;
      case ResultKind.IsFollowing:
        if (typeof c === 'boolean') p.isFollowing = c;
        return;
      case ResultKind.NotificationsSeen:
        if (typeof c === 'number') p.notificationsSeen = c;
        return;
      case ResultKind.NotificationCounts: {
        const counts: Record<string, number> = {};
        const source = isRecord(c) ? { ...c, ...e } : e;
        for (const [k, v] of Object.entries(source))
          if (/^\d+$/.test(k) && typeof v === 'number') counts[k] = v;
        p.notificationCounts = counts;
        return;
      }
      case ResultKind.DmCount: {
        const cnt = typeof e.cnt === 'number' ? e.cnt : Number(isRecord(c) ? c.cnt : e.cnt);
        if (Number.isFinite(cnt)) p.dmCount = cnt;
        return;
      }
      case ResultKind.DefaultRelays:
        if (Array.isArray(c)) p.defaultRelays = c.filter(str);
        return;
      case ResultKind.SuggestedUsers:
        if (Array.isArray(c)) p.suggestedUsers = c.filter(isRecord) as never;
        return;
      case ResultKind.HomeFeeds:
        if (Array.isArray(c)) p.homeFeeds = c.filter(isRecord) as never;
        return;
      case ResultKind.ReadsFeeds:
        if (Array.isArray(c)) p.readsFeeds = c.filter(isRecord) as never;
        return;
      case ResultKind.DefaultAppSettings: {
        const d = Array.isArray(e.tags)
          ? e.tags.find((t) => Array.isArray(t) && t[0] === 'd')
          : undefined;
        p.defaultSettings = { settings: c, ...(d && str(d[1]) ? { client: d[1] } : {}) };
        return;
      }
      case ResultKind.AppSubsettings:
        // The bare stored value; older servers wrapped it as {subkey, settings}.
        if (isRecord(c) && str(c.subkey) && 'settings' in c)
          p.appSubsettings = { subkey: c.subkey, settings: c.settings };
        else if (c !== undefined) p.appSubsettings = { settings: c };
        return;
      case ResultKind.AppReleases:
        if (isRecord(c)) p.appReleases = c as never;
        return;
      case ResultKind.RecommendedReads:
        if (isRecord(c) && Array.isArray(c.reads))
          p.recommendedReads = c.reads.flatMap((r): Array<[string, string]> =>
            Array.isArray(r) && str(r[0]) ? [[r[0], str(r[1]) ? r[1] : '']] : [],
          );
        return;
      case ResultKind.ReadsTopics:
        if (Array.isArray(c)) p.readsTopics = c.filter(str);
        return;
      case ResultKind.FeaturedAuthors:
        if (Array.isArray(c)) p.featuredAuthors = c.filter(str);
        return;
      case ResultKind.AdvancedFeeds:
        if (Array.isArray(c)) p.advancedFeeds = c.filter(isRecord) as never;
        return;
      case ResultKind.DvmFeedMetadata:
        if (isRecord(c) && str(c.event_id)) p.dvmMetadata[c.event_id] = c as never;
        return;
      case ResultKind.DvmFollowsActions:
        if (isRecord(c) && str(c.event_id) && Array.isArray(c.users))
          p.dvmFollows[c.event_id] = c.users.filter(str);
        return;
      case ResultKind.ImportStatus:
        if (isRecord(c)) p.importStatus = c as never;
        return;
      case ResultKind.UploadDone:
        if (str(c)) p.uploadUrl = c;
        else if (str(e.content)) p.uploadUrl = e.content;
        return;
      case ResultKind.UserRelays:
        if (str(e.pubkey) && Array.isArray(e.tags))
          p.userRelays[e.pubkey] = e.tags.filter((t) => Array.isArray(t) && t.every(str));
        return;
      case ResultKind.ExchangeRate:
        if (isRecord(c) && typeof c.rate === 'number') p.exchangeRate = c.rate;
        return;
      default:
        p.unknown.push(e);
    }
  }

  /** The page so far; notes ordered by the last range's `elements` when present. */
  build(): FeedPage {
    const p = this.page;
    const posts = [...this.posts.values()];
    let ordered = posts;
    if (p.range && p.range.elements.length > 0) {
      const byId = this.posts;
      const seen = new Set<string>();
      ordered = [];
      for (const r of p.ranges) {
        for (const id of r.elements) {
          const e = byId.get(id);
          if (e && !seen.has(id)) {
            seen.add(id);
            ordered.push(e);
          }
        }
      }
      for (const e of posts) if (!seen.has(e.id)) ordered.push(e);
    }
    const reposts: Record<string, SignedEvent> = {};
    for (const e of ordered) {
      if (e.kind !== EventKind.Repost && e.kind !== EventKind.GenericRepost) continue;
      const original = resolveRepost(e, p.mentions, this.posts);
      if (original) reposts[e.id] = original;
    }
    return {
      ...p,
      notes: ordered,
      reads: ordered.filter((e) => e.kind === EventKind.LongForm),
      reposts,
    };
  }
}

function resolveRepost(
  repost: SignedEvent,
  mentions: Record<string, SignedEvent>,
  posts: Map<string, SignedEvent>,
): SignedEvent | undefined {
  const inner = parse(repost.content);
  if (isSignedEvent(inner)) return inner;
  const eTag = repost.tags.find((t) => t[0] === 'e' && str(t[1]));
  if (!eTag) return undefined;
  return mentions[eTag[1]!] ?? posts.get(eTag[1]!);
}

/** Decodes a whole answer (the events of one subscription) into a typed page. */
export function decodePage(events: Iterable<unknown>): FeedPage {
  return new PageBuilder().addAll(events).build();
}
