import {
  decodePage,
  type FeedPage,
  type LegendCustomization,
  type LinkPreviewResource,
  type MediaResource,
  type MembershipCohort,
  type NoteActions,
  type NoteStats,
  type PollOptionStats,
  type SignedEvent,
  type TopZap,
  type UserStats,
} from '@swell/cache-protocol';
import { isHex64, parseProfile, replyTo, type User } from '@swell/nostr';
import type { Observable } from '../store.ts';
import {
  emptyActions,
  mergeChanges,
  NoteOverlay,
  type NoteChange,
  type PendingChange,
  type Stamped,
} from './note-overlay.ts';
import { liveEntities, type Leases } from './store-retention.ts';
import {
  MuteMatcher,
  noMuteRules,
  type MuteReason,
  type MuteRules,
} from '../moderation/mute-rules.ts';

export interface EntityStoreOptions {
  /** Notes kept beyond those in live views (least recently used go first). Default 2000. */
  maxNotes?: number;
  /** Users kept beyond those live views show. Default 2000. */
  maxUsers?: number;
  /** Media and link-preview entries (by URL) kept beyond live views. Default 4000. */
  maxUrls?: number;
  now?: () => number;
}

export interface IngestOptions {
  /**
   * When the request of this page was sent (ms). Stats, actions and user stats of an older
   * request never replace newer ones; defaults to now.
   */
  requestedAt?: number;
}

/** What a live view (a feed, a thread, a profile) holds on to; never pruned while held. */
export interface StoreLease {
  /** Replaces the held notes (and users). */
  update(notes: Iterable<string>, users?: Iterable<string>): void;
  release(): void;
}

/** Handle of an optimistic change (see `NoteOverlay`). */
export interface OptimisticChange {
  readonly key: string;
  /** A relay accepted it; `settledAt` = when the cache knew of it (default now). */
  confirm(settledAt?: number): void;
  /** It failed: the note shows what the cache says again. */
  rollback(): void;
}

interface Memo {
  stats: Stamped<NoteStats> | undefined;
  actions: NoteActions | undefined;
  changes: readonly PendingChange[] | undefined;
  liked: boolean;
  own: Partial<NoteActions> | undefined;
  result: { stats: NoteStats; actions: NoteActions };
}

const urlFields = ['mediaByUrl', 'previewByUrl'] as const;

/**
 * The normalised entity store of the client: notes by id, users (kind 0) by pubkey, stats and
 * the user's actions by note id, media and link previews by URL, and the rest of what pages
 * carry. Framework-free and observable: `subscribe` + `getSnapshot` (a version number that
 * changes on every change) fit `useSyncExternalStore`, and every selector returns the same
 * object for the same data, so a component re-renders only when what it shows changed.
 *
 * - `ingestPage(page, {requestedAt})` merges a decoded cache answer (one notification);
 *   `ingestEvent(event)` a single event (a relay event, our own signed event, a deletion).
 * - Optimistic changes (`change()`) show at once, roll back on failure and survive older pages.
 * - Bounded: views `retain()` what they show; everything else is kept up to the caps, least
 *   recently used first out (`prune()` runs by itself when the caps are passed by a quarter).
 */
/** A poll's tally with the viewer's vote (`EntityStore.pollView`). */
export interface PollView {
  /** Votes (NIP-88: voters per option) and sats (zap polls) by option id. */
  options: Readonly<Record<string, PollOptionStats>>;
  /** The option ids of the viewer's vote (none: not voted). */
  mine: readonly string[];
  /** The viewer's vote was sent and the cache's tally does not include it yet. */
  pending: boolean;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

export class EntityStore implements Observable<number> {
  private readonly opts: Required<Omit<EntityStoreOptions, 'now'>>;
  private readonly now: () => number;
  private version = 0;
  private batchDepth = 0;
  private dirty = false;
  private readonly listeners = new Set<() => void>();

  private readonly notes = new Map<string, SignedEvent>();
  private readonly users = new Map<string, SignedEvent>();
  private readonly stats = new Map<string, Stamped<NoteStats>>();
  private readonly actions = new Map<string, Stamped<NoteActions>>();
  private readonly reposts = new Map<string, string>();
  private readonly topZaps = new Map<string, TopZap[]>();
  /** Poll tallies (10000179) by poll id, stamped like stats. */
  private readonly pollStats = new Map<string, Stamped<Record<string, PollOptionStats>>>();
  /** The viewer's counted vote by poll id, as the cache says (10000115 `voted_for_option(s)`). */
  private readonly pollVotes = new Map<string, Stamped<readonly string[]>>();
  /** The viewer's vote sent since, shown until the cache's tally names it. */
  private readonly ownPollVotes = new Map<string, readonly string[]>();
  private readonly tallyMemo = new Map<string, { key: string; value: PollView }>();
  private readonly wordCounts = new Map<string, number>();
  private readonly relayHints = new Map<string, string>();
  private readonly urlsByNote = new Map<string, string[]>();
  private readonly mediaByUrl = new Map<string, MediaResource>();
  private readonly previewByUrl = new Map<string, LinkPreviewResource>();
  private readonly userStats = new Map<string, Stamped<UserStats>>();
  private readonly verifiedNames = new Map<string, string>();
  private readonly legends = new Map<string, LegendCustomization>();
  private readonly cohorts = new Map<string, MembershipCohort>();
  /** Note id -> pubkey of a NIP-09 deletion (hides the note if it is by that pubkey). */
  private readonly deletions = new Map<string, string>();
  private readonly overlay = new NoteOverlay();
  private readonly memo = new Map<string, Memo>();
  /**
   * Flags set by the viewer's own events (a reaction, a repost, a reply) seen before the cache
   * reported them. Kept apart from the cache's actions: they say the viewer did it, not that
   * the cache's counts include it (the optimistic count must go on until they do).
   */
  private readonly ownFlags = new Map<string, Partial<NoteActions>>();
  private readonly profiles = new WeakMap<SignedEvent, User>();
  private likedIds = new Set<string>();
  private viewer: string | null = null;
  private muter = new MuteMatcher(noMuteRules);
  /** Note id -> why it is muted (null: it is not), for the rules of now. */
  private readonly muted = new Map<string, MuteReason | null>();
  private readonly leases: Leases = new Map();
  private leaseCounter = 0;

  constructor(options: EntityStoreOptions = {}) {
    this.opts = {
      maxNotes: options.maxNotes ?? 2000,
      maxUsers: options.maxUsers ?? 2000,
      maxUrls: options.maxUrls ?? 4000,
    };
    this.now = options.now ?? Date.now;
  }

  // ---- observable ----------------------------------------------------------------------------

  getSnapshot = (): number => this.version;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Runs `fn` with one notification at the end, however many changes it makes. */
  batch<T>(fn: () => T): T {
    this.batchDepth++;
    try {
      return fn();
    } finally {
      this.batchDepth--;
      if (this.batchDepth === 0 && this.dirty) this.emit();
    }
  }

  private changed(): void {
    this.dirty = true;
    if (this.batchDepth === 0) this.emit();
  }

  private emit(): void {
    this.dirty = false;
    this.version++;
    for (const l of [...this.listeners]) {
      try {
        l();
      } catch (e) {
        console.error('entity store listener failed', e);
      }
    }
  }

  // ---- input ---------------------------------------------------------------------------------

  /** Merges a decoded cache answer; older stats than those held are ignored. */
  ingestPage(page: FeedPage, options: IngestOptions = {}): void {
    const at = options.requestedAt ?? this.now();
    this.batch(() => {
      for (const n of page.notes) this.putNote(n);
      for (const n of Object.values(page.mentions)) this.putNote(n);
      for (const [id, original] of Object.entries(page.reposts)) {
        this.putNote(original);
        this.reposts.set(id, original.id);
      }
      for (const u of Object.values(page.users)) this.putUser(u);
      for (const [id, s] of Object.entries(page.stats)) this.putStamped(this.stats, id, s, at);
      for (const [id, a] of Object.entries(page.actions)) {
        this.putStamped(this.actions, id, a, at);
        const voted = a.voted_for_options ?? (a.voted_for_option ? [a.voted_for_option] : null);
        if (voted || page.pollStats[id]) this.putStamped(this.pollVotes, id, voted ?? [], at);
      }
      for (const [id, t] of Object.entries(page.pollStats)) {
        this.putStamped(this.pollStats, id, t, at);
        const own = this.ownPollVotes.get(id);
        const cached = this.pollVotes.get(id)?.value;
        if (own && cached && sameSet(own, cached)) this.ownPollVotes.delete(id);
      }
      for (const [pk, s] of Object.entries(page.userStats)) {
        this.putStamped(this.userStats, pk, s, at);
      }
      for (const [id, info] of Object.entries(page.media)) {
        this.noteUrls(
          id,
          info.resources.map((r) => r.url),
        );
      }
      for (const [id, preview] of Object.entries(page.previews)) {
        this.noteUrls(
          id,
          preview.resources.map((r) => r.url),
        );
      }
      putAll(this.mediaByUrl, page.mediaByUrl);
      putAll(this.previewByUrl, page.previewByUrl);
      putAll(this.topZaps, page.topZaps);
      putAll(this.wordCounts, page.wordCounts);
      putAll(this.relayHints, page.relayHints);
      putAll(this.verifiedNames, page.verifiedNames);
      putAll(this.legends, page.legends);
      putAll(this.cohorts, page.cohorts);
      for (const e of page.others) this.applySignal(e);
      for (const e of page.notes) this.applySignal(e);
      for (const id of Object.keys(page.stats)) this.overlay.settle(id, this.stats.get(id)?.at);
      this.changed();
    });
    this.maybePrune();
  }

  /**
   * One signed event (from a relay, or the user's own): kind 0 updates the user, posts and
   * reposts become notes, a deletion hides its author's targets, and the viewer's own reactions,
   * reposts and replies set the note actions.
   */
  ingestEvent(event: SignedEvent): void {
    this.ingestPage(decodePage([event]));
  }

  /** The signed-in user (their actions are tracked); a change clears what was personal. */
  setViewer(pubkey: string | null): void {
    if (pubkey === this.viewer) return;
    this.viewer = pubkey;
    this.muted.clear();
    this.actions.clear();
    this.ownFlags.clear();
    this.pollVotes.clear();
    this.ownPollVotes.clear();
    this.tallyMemo.clear();
    this.likedIds = new Set();
    for (const key of [...this.memo.keys()]) this.memo.delete(key);
    this.overlay.clear();
    this.changed();
  }

  /**
   * The user's moderation (mute list, private entries included, and subscribed filter lists):
   * every note it matches is hidden at once wherever it shows (`note()` gives undefined,
   * `isHidden()` true), the viewer's own notes excepted.
   */
  setMuteRules(rules: MuteRules): void {
    this.muter = new MuteMatcher(rules);
    this.muted.clear();
    this.changed();
  }

  get muteRules(): MuteRules {
    return this.muter.rules;
  }

  /** Why a note is hidden by the user's moderation (also for a repost of a muted note). */
  mutedReason(id: string): MuteReason | null {
    if (this.muter.empty) return null;
    const cached = this.muted.get(id);
    if (cached !== undefined) return cached;
    const n = this.notes.get(id);
    if (!n) return null;
    if (n.pubkey === this.viewer) return null;
    let reason = this.muter.reason(n);
    let known = true;
    if (!reason && (n.kind === 6 || n.kind === 16)) {
      const originalId = this.reposts.get(id);
      const original = originalId ? this.notes.get(originalId) : undefined;
      if (original) reason = original.pubkey === this.viewer ? null : this.muter.reason(original);
      else known = false; // decided again once the original arrives
    }
    if (known) this.muted.set(id, reason);
    return reason;
  }

  /** True when the user muted this account (their own mute list or a filter list). */
  isMutedUser(pubkey: string | undefined): boolean {
    return pubkey !== undefined && pubkey !== this.viewer && this.muter.rules.pubkeys.has(pubkey);
  }

  /** The user's liked list (per-user record `likes`): those notes show as liked. */
  setLikedIds(ids: Iterable<string>): void {
    this.likedIds = new Set(ids);
    this.changed();
  }

  /** Shows an optimistic change at once (see `NoteOverlay` for how it merges). */
  change(key: string, change: NoteChange): OptimisticChange {
    this.overlay.add(key, change);
    this.changed();
    return {
      key,
      confirm: (settledAt = this.now()) => {
        if (this.overlay.confirm(key, settledAt)) this.changed();
      },
      rollback: () => {
        if (this.overlay.remove(key) !== undefined) this.changed();
      },
    };
  }

  /**
   * The user's own note, shown before any relay accepted it (no action flags are set from it
   * until it is ingested as published). `removeNote` takes it away if the user discards it.
   */
  putOwnNote(event: SignedEvent): void {
    this.putNote(event);
    this.changed();
  }

  /** Removes a note the user discarded before any relay accepted it. */
  removeNote(id: string): void {
    if (this.dropNote(id)) this.changed();
  }

  private putNote(e: SignedEvent): void {
    this.notes.delete(e.id);
    this.notes.set(e.id, e);
  }

  private putUser(e: SignedEvent): void {
    const old = this.users.get(e.pubkey);
    if (old && old.created_at > e.created_at) return;
    this.users.delete(e.pubkey);
    this.users.set(e.pubkey, e);
  }

  private putStamped<T>(map: Map<string, Stamped<T>>, key: string, value: T, at: number): void {
    const old = map.get(key);
    if (old && old.at > at) return;
    map.set(key, { value, at });
  }

  private noteUrls(noteId: string, urls: string[]): void {
    const old = this.urlsByNote.get(noteId) ?? [];
    this.urlsByNote.set(noteId, [...new Set([...old, ...urls])]);
  }

  /** Deletions, and the viewer's own reactions, reposts and replies. */
  private applySignal(e: SignedEvent): void {
    if (e.kind === 5) {
      for (const t of e.tags) {
        if (t[0] === 'e' && isHex64(t[1])) this.deletions.set(t[1], e.pubkey);
      }
      return;
    }
    if (!this.viewer || e.pubkey !== this.viewer) return;
    let target: string | undefined;
    let flag: 'liked' | 'reposted' | 'replied' | undefined;
    if (e.kind === 7 && e.content !== '-') {
      target = lastETag(e);
      flag = 'liked';
    } else if (e.kind === 6 || e.kind === 16) {
      target = this.reposts.get(e.id) ?? lastETag(e);
      flag = 'reposted';
    } else if (e.kind === 1) {
      target = replyTo(e);
      flag = 'replied';
    }
    if (!target || !flag) return;
    this.ownFlags.set(target, { ...this.ownFlags.get(target), [flag]: true });
  }

  // ---- selectors -----------------------------------------------------------------------------

  /** A note, unless its author deleted it (or the user is deleting it). */
  note(id: string | undefined): SignedEvent | undefined {
    if (id === undefined) return undefined;
    const n = this.notes.get(id);
    if (!n || this.isHidden(id)) return undefined;
    return n;
  }

  /** Hidden wherever it shows: deleted (see `isDeleted`) or matched by the user's moderation. */
  isHidden(id: string): boolean {
    return this.isDeleted(id) || this.mutedReason(id) !== null;
  }

  /**
   * Deleted by its author (a NIP-09 deletion seen), or being deleted by the user: from the
   * moment they confirm, while the deletion waits for a relay (the optimistic overlay).
   */
  isDeleted(id: string): boolean {
    const by = this.deletions.get(id);
    if (by !== undefined) {
      const n = this.notes.get(id);
      if (!n || n.pubkey === by) return true;
    }
    return this.overlay.isHidden(id);
  }

  /** The newest kind 0 of a user. */
  user(pubkey: string | undefined): SignedEvent | undefined {
    return pubkey === undefined ? undefined : this.users.get(pubkey);
  }

  /** The user parsed from their kind 0 (once per event), or undefined. */
  profile(pubkey: string | undefined): User | undefined {
    const e = this.user(pubkey);
    if (!e) return undefined;
    let u = this.profiles.get(e);
    if (!u) {
      u = parseProfile(e);
      this.profiles.set(e, u);
    }
    return u;
  }

  /** Stats with the optimistic changes applied. */
  noteStats(id: string | undefined): NoteStats | undefined {
    if (id === undefined) return undefined;
    return this.merged(id)?.stats;
  }

  /** The viewer's actions on a note, with the liked list and optimistic changes applied. */
  noteActions(id: string | undefined): NoteActions | undefined {
    if (id === undefined) return undefined;
    return this.merged(id)?.actions;
  }

  private merged(id: string): { stats?: NoteStats; actions?: NoteActions } | undefined {
    const stats = this.stats.get(id);
    const actions = this.actions.get(id)?.value;
    const changes = this.overlay.on(id);
    const liked = this.likedIds.has(id) && !actions?.liked;
    const own = this.ownFlags.get(id);
    if (!changes && !liked && !own) return { stats: stats?.value, actions };
    const m = this.memo.get(id);
    if (
      m &&
      m.stats === stats &&
      m.actions === actions &&
      m.changes === changes &&
      m.liked === liked &&
      m.own === own
    ) {
      return m.result;
    }
    const base =
      liked || own
        ? { ...(actions ?? emptyActions(id)), ...own, ...(liked ? { liked: true } : {}) }
        : actions;
    const result = mergeChanges(id, stats, base, changes ?? [], actions);
    this.memo.set(id, { stats, actions, changes, liked, own, result });
    return result;
  }

  /** The pending or confirmed change made under this key, if any. */
  pendingChange(key: string): PendingChange | undefined {
    return this.overlay.get(key);
  }

  /** Repost id -> id of the reposted note. */
  repostOf(id: string | undefined): string | undefined {
    return id === undefined ? undefined : this.reposts.get(id);
  }

  media(url: string | undefined): MediaResource | undefined {
    return url === undefined ? undefined : this.mediaByUrl.get(url);
  }

  preview(url: string | undefined): LinkPreviewResource | undefined {
    return url === undefined ? undefined : this.previewByUrl.get(url);
  }

  /**
   * A poll's tally as the cache counted it, with the viewer's vote: the one they just sent
   * counts at once (taken off the option it replaces) until the cache's tally includes it.
   * Undefined when no tally came. Same object for the same data.
   */
  pollView(id: string | undefined): PollView | undefined {
    if (id === undefined) return undefined;
    const stats = this.pollStats.get(id);
    if (!stats) return undefined;
    const cached = this.pollVotes.get(id)?.value ?? [];
    const own = this.ownPollVotes.get(id);
    const key = `${stats.at}|${cached.join(',')}|${own?.join(',') ?? '-'}`;
    const memo = this.tallyMemo.get(id);
    if (memo?.key === key) return memo.value;
    const options: Record<string, PollOptionStats> = {};
    for (const [o, v] of Object.entries(stats.value)) options[o] = { ...v };
    const mine = own ?? cached;
    if (own) {
      for (const o of cached) if (options[o]) options[o].votes = Math.max(0, options[o].votes - 1);
      for (const o of own)
        options[o] = {
          votes: (options[o]?.votes ?? 0) + 1,
          satszapped: options[o]?.satszapped ?? 0,
        };
    }
    const value: PollView = { options, mine, pending: own !== undefined };
    this.tallyMemo.set(id, { key, value });
    return value;
  }

  /** The viewer voted (shown at once); `null` takes an unsent vote back. */
  setOwnPollVote(pollId: string, optionIds: readonly string[] | null): void {
    if (optionIds) this.ownPollVotes.set(pollId, [...optionIds]);
    else this.ownPollVotes.delete(pollId);
    this.changed();
  }

  noteTopZaps(id: string | undefined): TopZap[] | undefined {
    return id === undefined ? undefined : this.topZaps.get(id);
  }

  wordCount(id: string | undefined): number | undefined {
    return id === undefined ? undefined : this.wordCounts.get(id);
  }

  /** The relay the cache saw a note on (10000141), for relay hints in tags. */
  relayHint(id: string | undefined): string | undefined {
    return id === undefined ? undefined : this.relayHints.get(id);
  }

  verifiedName(pubkey: string | undefined): string | undefined {
    return pubkey === undefined ? undefined : this.verifiedNames.get(pubkey);
  }

  userStatsOf(pubkey: string | undefined): UserStats | undefined {
    return pubkey === undefined ? undefined : this.userStats.get(pubkey)?.value;
  }

  legend(pubkey: string | undefined): LegendCustomization | undefined {
    return pubkey === undefined ? undefined : this.legends.get(pubkey);
  }

  cohort(pubkey: string | undefined): MembershipCohort | undefined {
    return pubkey === undefined ? undefined : this.cohorts.get(pubkey);
  }

  /** How much is held (for benchmarks and diagnostics). */
  sizes(): Record<string, number> {
    return {
      notes: this.notes.size,
      users: this.users.size,
      stats: this.stats.size,
      actions: this.actions.size,
      urls: this.mediaByUrl.size + this.previewByUrl.size,
      overlay: this.overlay.size,
      leases: this.leases.size,
    };
  }

  // ---- retention -----------------------------------------------------------------------------

  /** A live view holds these notes (and users): they are never pruned until released. */
  retain(notes: Iterable<string> = [], users: Iterable<string> = []): StoreLease {
    const id = ++this.leaseCounter;
    const set = (n: Iterable<string>, u: Iterable<string>) => {
      const held = { notes: new Set(n), users: new Set(u) };
      this.leases.set(id, held);
      // Shown again: most recently used.
      for (const noteId of held.notes) {
        const e = this.notes.get(noteId);
        if (e) this.putNote(e);
      }
    };
    set(notes, users);
    return {
      update: (n, u = []) => {
        if (this.leases.has(id)) set(n, u);
      },
      release: () => {
        this.leases.delete(id);
      },
    };
  }

  private maybePrune(): void {
    const o = this.opts;
    if (
      this.notes.size > o.maxNotes * 1.25 ||
      this.users.size > o.maxUsers * 1.25 ||
      this.mediaByUrl.size + this.previewByUrl.size > o.maxUrls * 1.25
    ) {
      this.prune();
    }
  }

  /**
   * Drops what no live view holds, least recently used first, down to the caps: notes (with
   * their stats, actions, zaps, optimistic changes), users, media and previews.
   */
  prune(): void {
    const live = liveEntities(this.leases, (id) => this.notes.get(id), this.reposts, this.topZaps);
    let changed = false;
    for (const id of [...this.notes.keys()]) {
      if (this.notes.size <= this.opts.maxNotes) break;
      if (live.notes.has(id)) continue;
      changed = this.dropNote(id) || changed;
    }
    for (const pk of [...this.users.keys()]) {
      if (this.users.size <= this.opts.maxUsers) break;
      if (live.users.has(pk)) continue;
      this.users.delete(pk);
      this.userStats.delete(pk);
      this.verifiedNames.delete(pk);
      this.legends.delete(pk);
      this.cohorts.delete(pk);
      changed = true;
    }
    const liveUrls = new Set<string>();
    for (const id of live.notes) for (const u of this.urlsByNote.get(id) ?? []) liveUrls.add(u);
    for (const field of urlFields) {
      const map = this[field] as Map<string, unknown>;
      const cap = Math.floor(this.opts.maxUrls / 2);
      for (const url of [...map.keys()]) {
        if (map.size <= cap) break;
        if (liveUrls.has(url)) continue;
        map.delete(url);
        changed = true;
      }
    }
    // Deletions of notes no longer held are only needed while their note might come back.
    if (this.deletions.size > this.opts.maxNotes) {
      for (const id of [...this.deletions.keys()]) {
        if (this.deletions.size <= this.opts.maxNotes) break;
        if (!this.notes.has(id)) this.deletions.delete(id);
      }
    }
    if (changed) this.changed();
  }

  private dropNote(id: string): boolean {
    if (!this.notes.delete(id)) return false;
    this.stats.delete(id);
    this.actions.delete(id);
    this.ownFlags.delete(id);
    this.topZaps.delete(id);
    this.pollStats.delete(id);
    this.pollVotes.delete(id);
    this.tallyMemo.delete(id);
    this.wordCounts.delete(id);
    this.relayHints.delete(id);
    this.urlsByNote.delete(id);
    this.reposts.delete(id);
    this.memo.delete(id);
    this.muted.delete(id);
    this.overlay.forget(id);
    return true;
  }
}

function putAll<V>(map: Map<string, V>, record: Record<string, V>): void {
  for (const [k, v] of Object.entries(record)) {
    map.delete(k);
    map.set(k, v);
  }
}

function lastETag(e: SignedEvent): string | undefined {
  let id: string | undefined;
  for (const t of e.tags) if (t[0] === 'e' && isHex64(t[1])) id = t[1];
  return id;
}
