import { newerPosts, parseFeedSpec, type FeedDefinition } from '@swell/cache-protocol';
import { shownNotesOf } from '@swell/client';
import { fetchPage } from '@/data/connection.ts';
import { readPreference, writePreference } from '@/data/preferences.ts';
import { createStore } from '@/lib/external-store.ts';
import { PagedList } from '@/features/feed/paged-list.ts';

export const pageSize = 20;
/** The new-notes check stops once this many notes wait (spec section 9). */
export const futureCap = 100;

/** Random delay of the periodic new-notes check: 25 to 35 s. */
export function pollDelay(random = Math.random): number {
  return 25_000 + Math.floor(random() * 10_000);
}

/** Watches a feed spec live; calls `onNew` when something may have arrived. Returns the stop. */
export type LiveWatch = (spec: string, onNew: () => void) => () => void;

export interface HomeFeedState {
  feeds: FeedDefinition[];
  /** Spec string of the selected feed. */
  selected: string | null;
  list: PagedList | null;
  /** Ids of newer notes waiting behind the pill, newest first. */
  future: string[];
  error: string | null;
  /** Counts the lists opened (a feed loaded again gets a fresh view). */
  opened: number;
}

/** The home feed: feed list, selection (stored), paged notes and the new-notes check. */
export class HomeFeed {
  readonly state = createStore<HomeFeedState>({
    feeds: [],
    selected: null,
    list: null,
    future: [],
    error: null,
    opened: 0,
  });
  private newestUntil: number | undefined;
  /** The note each waiting element shows (a repost shows its original). */
  private futureNotes = new Map<string, string>();
  private readonly pubkey: string | null;
  private readonly userFeeds: (() => FeedDefinition[] | null) | undefined;
  private defaults: FeedDefinition[] | null = null;
  /** The feed on screen was picked as the first of the list, not chosen (nor stored). */
  private autoPicked = false;

  /**
   * `userFeeds` reads the user's own list (the settings sync's `user-home-feeds`, kept on this
   * device and refreshed from the server); the server defaults apply while it is null or empty.
   */
  private readonly live: LiveWatch | undefined;

  constructor(pubkey: string | null, userFeeds?: () => FeedDefinition[] | null, live?: LiveWatch) {
    this.pubkey = pubkey;
    this.userFeeds = userFeeds;
    this.live = live;
  }

  private own(): FeedDefinition[] | null {
    const list = this.userFeeds?.();
    return list && list.length > 0 ? list : null;
  }

  private personal(): { user_pubkey?: string } {
    return this.pubkey ? { user_pubkey: this.pubkey } : {};
  }

  /** Only enabled feeds; feeds of "your follows" need a user, so guests get the others. */
  private usable(feeds: FeedDefinition[]): FeedDefinition[] {
    return feeds.filter(
      (f) =>
        f.enabled !== false &&
        typeof f.spec === 'string' &&
        (this.pubkey !== null || parseFeedSpec(f.spec)?.id !== 'latest'),
    );
  }

  /**
   * Shows a feed list: the feed on screen stays if the list has it (unless it was only the
   * first of an earlier list, picked for the user), else the stored selection, else the first.
   */
  private show(feeds: FeedDefinition[]): void {
    const stored = readPreference('selectedHomeFeed', this.pubkey);
    const current = this.autoPicked ? null : this.state.get().selected;
    const kept =
      feeds.find((f) => f.spec === current)?.spec ?? feeds.find((f) => f.spec === stored)?.spec;
    const selected = kept ?? feeds[0]?.spec ?? null;
    this.state.set({ ...this.state.get(), feeds, error: null });
    if (selected && selected !== this.state.get().selected) this.open(selected, !kept);
    else this.autoPicked = this.autoPicked && !kept;
  }

  /**
   * Loads the feed list (the user's own, else the server defaults) and the first page. The
   * user's list (kept on this device by the settings sync) is used at once.
   */
  async start(): Promise<void> {
    const own = this.own();
    if (own) this.show(this.usable(own));
    try {
      this.defaults = (await fetchPage('get_home_feeds', this.personal())).homeFeeds ?? [];
      this.refreshFeeds();
    } catch (e) {
      if (this.state.get().feeds.length === 0)
        this.state.set({ ...this.state.get(), error: String(e) });
    }
  }

  /**
   * The user's list changed (Settings > Home feeds, or loaded from the server): the selector
   * follows at once; the shown feed stays unless it was removed or disabled.
   */
  refreshFeeds(): void {
    const feeds = this.own() ?? this.defaults;
    if (feeds) this.show(this.usable(feeds));
  }

  /**
   * The user's follows changed (a follow or unfollow, here or loaded from another device): a
   * feed of their follows ("Latest", with or without replies) is loaded again so it shows the new
   * contact list at once; other feeds stay as they are.
   */
  followsChanged(): void {
    const { selected } = this.state.get();
    if (selected && parseFeedSpec(selected)?.id === 'latest') this.open(selected, this.autoPicked);
  }

  /** Selecting a feed clears notes, stores the selection and fetches the first page. */
  select(spec: string): void {
    this.open(spec, false);
  }

  /** Opens a feed; one picked for the user (`auto`) is not stored as their selection. */
  private open(spec: string, auto: boolean): void {
    this.state.get().list?.dispose();
    this.autoPicked = auto;
    if (!auto) writePreference('selectedHomeFeed', spec, this.pubkey);
    const list = new PagedList((paging, signal) =>
      fetchPage(
        'mega_feed_directive',
        { spec, limit: pageSize, ...paging, ...this.personal() },
        signal,
      ),
    );
    this.newestUntil = undefined;
    this.futureNotes = new Map();
    const opened = this.state.get().opened + 1;
    this.state.set({ ...this.state.get(), selected: spec, list, future: [], opened });
    void list.loadMore().then(() => {
      this.newestUntil = list.state.get().firstRange?.until;
    });
  }

  /**
   * Looks for newer notes of the feed on screen until stopped: as soon as the feed's live watch
   * says something reached the server (the follows' notes on its relay), and every 25-35 s
   * anyway (the spec's periodic check, and the fallback where the feed cannot be watched live).
   */
  watchNew(): () => void {
    const spec = this.state.get().selected;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => this.checkNew().catch(() => {});
    const tick = () => {
      timer = setTimeout(() => {
        void check().finally(() => {
          if (!stopped) tick();
        });
      }, pollDelay());
    };
    tick();
    const stopLive = spec && this.live ? this.live(spec, () => void check()) : () => {};
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopLive();
    };
  }

  /** The new-notes check: only for created_at order, stops above the cap. */
  async checkNew(): Promise<void> {
    const { list, selected, future } = this.state.get();
    if (!list || !selected || future.length > futureCap) return;
    const range = list.state.get().firstRange;
    const params = newerPosts(
      range && this.newestUntil !== undefined ? { ...range, until: this.newestUntil } : range,
    );
    if (!params) return;
    const page = await fetchPage('mega_feed_directive', {
      spec: selected,
      since: params.since,
      limit: params.limit,
      ...this.personal(),
    });
    if (this.state.get().list !== list) return;
    // One card per note: a new repost of a note on screen (or waiting) is not offered again.
    const noteOf = shownNotesOf(page);
    const waiting = new Set(this.futureNotes.values());
    const fresh: string[] = [];
    for (const n of page.notes) {
      const note = noteOf(n.id);
      if (list.has(n.id) || this.futureNotes.has(n.id) || list.showsNote(note) || waiting.has(note))
        continue;
      waiting.add(note);
      this.futureNotes.set(n.id, note);
      fresh.push(n.id);
    }
    if (fresh.length === 0) return;
    if (page.range?.until !== undefined) this.newestUntil = page.range.until;
    this.state.set({ ...this.state.get(), future: [...fresh, ...this.state.get().future] });
  }

  /** Loading future notes prepends them and clears the waiting list. */
  showFuture(): void {
    const { list, future } = this.state.get();
    if (!list) return;
    const notes = this.futureNotes;
    list.prepend(future, (id) => notes.get(id) ?? id);
    this.futureNotes = new Map();
    this.state.set({ ...this.state.get(), future: [] });
  }

  dispose(): void {
    this.state.get().list?.dispose();
  }
}
