import {
  newerPosts,
  nextPage,
  type CacheCommand,
  type FeedPage,
  type FeedRange,
} from '@swell/cache-protocol';
import { zapListItems, type ZapListItem } from '../explore/zap-list-items.ts';
import { shownNotesOf } from '../feed/shown-notes.ts';
import { sortValue } from '../feed/sort-value.ts';
import { ValueStore } from '../store.ts';
import type { StoreLease } from '../store/entity-store.ts';
import { defineModel, type Model, type ModelContext } from './model.ts';

/** What the elements of a paged list are. */
export type FeedElements =
  /** Notes and reposts (one card per note), sorted by the range's order. */
  | 'notes'
  /** Pubkeys by follower increase (`explore_people`). */
  | 'people'
  /** Zap receipts of notes and articles, newest first (`explore_zaps`). */
  | 'zaps';

/**
 * Where a paged list comes from: a cache command and its payload without the paging (with its
 * `limit`). The source is the model's key: two screens showing the same source share one list.
 */
export interface FeedSource {
  command: CacheCommand;
  payload: Readonly<Record<string, unknown>>;
  /** Default 'notes'. */
  elements?: FeedElements;
  /** Sort key when an answer's range names none (reads: published_at). Default created_at. */
  orderBy?: string;
  /**
   * Whether the session's viewer goes into the payload as `user_pubkey` (their own actions,
   * their mutes) unless the payload names one. Default true.
   */
  personal?: boolean;
  /**
   * The message a failed page shows instead of its cause (the cause is logged with it): the
   * spec's catalogue message of the screen, e.g. search's "ERROR fetching search results".
   */
  failure?: string;
}

export interface FeedState {
  /**
   * Element ids in display order (notes, reposts, pubkeys or zap receipts), never twice, and
   * one per note: a repost of a note already shown (or the note of a repost shown) is left out.
   */
  ids: string[];
  loading: boolean;
  /** No next page: the last range was empty or its since was 0. */
  done: boolean;
  error: string | null;
  /** Pages loaded since the list was last emptied (0 before the first answer). */
  pages: number;
  /** Range of the first page (the new-notes check starts from its until). */
  firstRange?: FeedRange;
  /** Newer elements waiting behind the "new notes" pill, newest first. */
  future: string[];
}

/** Where the reader was in a list, for back navigation. */
export interface ScrollMemory {
  /** Window scroll position (px). */
  y: number;
  /** Index of the first row on screen. */
  anchor: number;
  /** Row sizes the list view measured (its virtualizer's cache), so a remount lays out at once. */
  measurements: readonly unknown[];
}

/** Random delay of the periodic new-notes check: 25 to 35 s (spec section 9). */
export function pollDelay(random = Math.random): number {
  return 25_000 + Math.floor(random() * 10_000);
}

/** The new-notes check stops once this many notes wait (spec section 9). */
export const futureCap = 100;

const initial: FeedState = {
  ids: [],
  loading: false,
  done: false,
  error: null,
  pages: 0,
  future: [],
};

/**
 * The one paged list (cache-protocol.md section 4): the first page, then `until = range.since`
 * with `offset` = how many elements seen have exactly that sort value. The next page is skipped
 * while one loads and when there is none (since 0, no elements). One card per note: elements
 * already seen are dropped, and so are those showing a note already shown (a repost and its
 * original, within a page and across pages: the first, newest, stays, so "X reposted" names
 * who reposted), still counted for the offset. The notes shown (and waiting) are held in the
 * store. Newer notes are looked for with `checkNew` (created_at order) and wait in `future`
 * until `showFuture`. The list view keeps its scroll position here for back navigation.
 */
export class FeedModel implements Model<FeedState> {
  readonly source: FeedSource;
  private readonly ctx: ModelContext;
  private readonly state = new ValueStore<FeedState>(initial);
  private range: FeedRange | undefined;
  /** Every element seen, shown or left out. */
  private seen = new Set<string>();
  /** Notes on screen or waiting (a repost shows its original): one card per note. */
  private notes = new Set<string>();
  /** Sort value of every element seen (the offset counts what the cache sent). */
  private values = new Map<string, number>();
  /** The note each waiting element shows. */
  private futureNotes = new Map<string, string>();
  /** The newest `until` asked for by the new-notes check. */
  private newestUntil: number | undefined;
  private readonly zaps = new Map<string, ZapListItem>();
  private readonly gains = new Map<string, number>();
  private controller = new AbortController();
  private lease: StoreLease | null;
  private disposed = false;
  private stopWatch: (() => void) | null = null;
  /** Where the reader was (the list view writes it; read on back navigation). */
  readonly scroll: ScrollMemory = { y: 0, anchor: 0, measurements: [] };

  constructor(ctx: ModelContext, source: FeedSource) {
    this.ctx = ctx;
    this.source = source;
    this.lease = ctx.store.retain();
  }

  getSnapshot = (): FeedState => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  /** Whether an element was seen (shown, left out as a second card of its note, or waiting). */
  has(id: string): boolean {
    return this.seen.has(id) || this.futureNotes.has(id);
  }

  /** Whether a card shows this note (itself, or through a repost). */
  showsNote(noteId: string): boolean {
    return this.notes.has(noteId);
  }

  /** A zap of a 'zaps' list, by receipt id. */
  zap(id: string): ZapListItem | undefined {
    return this.zaps.get(id);
  }

  /** Followers gained by an account of a 'people' list. */
  followerGain(pubkey: string): number | undefined {
    return this.gains.get(pubkey);
  }

  /** The first page, then each next one; skipped while loading, when done, or disposed. */
  async loadMore(): Promise<void> {
    const s = this.state.getSnapshot();
    if (s.loading || s.done || this.disposed) return;
    let paging: { until?: number; offset?: number } = {};
    if (this.range) {
      const next = nextPage(this.range, this.values.values());
      if (!next) {
        this.state.update({ done: true });
        return;
      }
      paging = next;
    }
    await this.fetch(paging, false);
  }

  /** Loads the first page again; the list shown stays until the answer replaces it. */
  async refetch(): Promise<void> {
    if (this.disposed) return;
    this.abort();
    this.state.update({ loading: false });
    await this.fetch({}, true);
  }

  /** Empties the list and stops what is loading; the next `loadMore` starts from the top. */
  reset(): void {
    this.abort();
    this.range = undefined;
    this.seen = new Set();
    this.notes = new Set();
    this.values = new Map();
    this.futureNotes = new Map();
    this.newestUntil = undefined;
    this.scroll.y = 0;
    this.scroll.anchor = 0;
    this.scroll.measurements = [];
    this.state.set(initial);
    this.hold();
  }

  /**
   * Puts elements at the top (the user's own new notes), skipping those seen and those whose
   * note a card shows (`noteOf`: the note a repost shows; by default the id itself).
   */
  prepend(ids: readonly string[], noteOf: (id: string) => string = (id) => id): void {
    const fresh: string[] = [];
    for (const id of ids) {
      const note = noteOf(id);
      if (this.seen.has(id) || this.notes.has(note)) continue;
      this.seen.add(id);
      this.notes.add(note);
      fresh.push(id);
    }
    if (fresh.length === 0) return;
    const cur = this.state.getSnapshot();
    this.state.set({ ...cur, ids: [...fresh, ...cur.ids] });
    this.hold();
  }

  /**
   * The new-notes check (created_at order only; stops above the cap): notes newer than the
   * newest asked for wait in `future`, one card per note with what is shown and waiting.
   */
  async checkNew(): Promise<void> {
    const s = this.state.getSnapshot();
    if (this.disposed || s.future.length > futureCap) return;
    const range = s.firstRange;
    const params = newerPosts(
      range && this.newestUntil !== undefined ? { ...range, until: this.newestUntil } : range,
    );
    if (!params) return;
    const signal = this.controller.signal;
    const page = await this.ctx.fetchPage(
      this.source.command,
      this.payload({ since: params.since, limit: params.limit }) as never,
      { signal },
    );
    if (signal.aborted || this.disposed) return;
    const noteOf = shownNotesOf(page);
    const waiting = new Set(this.futureNotes.values());
    const fresh: string[] = [];
    for (const n of page.notes) {
      const note = noteOf(n.id);
      if (this.has(n.id) || this.notes.has(note) || waiting.has(note)) continue;
      waiting.add(note);
      this.futureNotes.set(n.id, note);
      fresh.push(n.id);
    }
    if (fresh.length === 0) return;
    if (page.range?.until !== undefined) this.newestUntil = page.range.until;
    const cur = this.state.getSnapshot();
    this.state.set({ ...cur, future: [...fresh, ...cur.future] });
    this.hold();
  }

  /** The waiting newer notes go to the top of the list. */
  showFuture(): void {
    const { future } = this.state.getSnapshot();
    if (future.length === 0) return;
    const notes = this.futureNotes;
    this.futureNotes = new Map();
    this.state.update({ future: [] });
    this.prepend(future, (id) => notes.get(id) ?? id);
  }

  /**
   * Checks for newer notes every 25-35 s until stopped (and when `live` says something arrived:
   * a watch of the feed's authors on the server's relay). Starting again restarts.
   */
  watchNew(live?: (onNew: () => void) => () => void): () => void {
    this.stopWatch?.();
    if (this.disposed) return () => {};
    const clock = this.ctx.clock;
    let stopped = false;
    let timer: unknown = null;
    const check = () => this.checkNew().catch(() => {});
    const tick = () => {
      timer = clock.setTimeout(() => {
        void check().finally(() => {
          if (!stopped) tick();
        });
      }, pollDelay());
    };
    tick();
    const stopLive = live ? live(() => void check()) : () => {};
    const stop = () => {
      if (stopped) return;
      stopped = true;
      if (timer !== null) clock.clearTimeout(timer);
      stopLive();
      if (this.stopWatch === stop) this.stopWatch = null;
    };
    this.stopWatch = stop;
    return stop;
  }

  /** Remembers where the reader is (window scroll, first row on screen). */
  keepScroll(y: number, anchor: number): void {
    this.scroll.y = y;
    this.scroll.anchor = anchor;
  }

  /** Remembers the row sizes the view measured. */
  keepMeasurements(items: readonly unknown[]): void {
    this.scroll.measurements = items;
  }

  deactivate(): void {
    this.stopWatch?.();
  }

  dispose(): void {
    this.disposed = true;
    this.stopWatch?.();
    this.controller.abort();
    this.lease?.release();
    this.lease = null;
  }

  private abort(): void {
    this.controller.abort();
    this.controller = new AbortController();
  }

  private payload(paging: Record<string, unknown>): Record<string, unknown> {
    const { payload, personal } = this.source;
    const viewer = this.ctx.viewer;
    const who =
      personal !== false && viewer && payload.user_pubkey === undefined
        ? { user_pubkey: viewer }
        : {};
    return { ...payload, ...who, ...paging };
  }

  private async fetch(paging: { until?: number; offset?: number }, replace: boolean) {
    const signal = this.controller.signal;
    this.state.update({ loading: true, error: null });
    let page: FeedPage;
    try {
      page = await this.ctx.fetchPage(this.source.command, this.payload(paging) as never, {
        signal,
      });
    } catch (e) {
      if (signal.aborted || this.disposed) return;
      const { failure } = this.source;
      if (failure) console.error(`${failure}: `, e);
      this.state.update({ loading: false, error: failure ?? ((e as Error).message || String(e)) });
      return;
    }
    if (signal.aborted || this.disposed) return;
    if (replace) {
      this.range = undefined;
      this.seen = new Set();
      this.notes = new Set();
      this.values = new Map();
      this.futureNotes = new Map();
      this.newestUntil = undefined;
    }
    const orderBy = page.range?.order_by ?? this.source.orderBy ?? 'created_at';
    const fresh: string[] = [];
    const noteOf = this.elements() === 'notes' ? shownNotesOf(page) : (id: string) => id;
    for (const id of this.elementsOf(page)) {
      if (this.seen.has(id)) continue;
      this.seen.add(id);
      this.values.set(id, this.sortValueOf(page, id, orderBy));
      const note = noteOf(id);
      if (this.notes.has(note)) continue;
      this.notes.add(note);
      fresh.push(id);
    }
    const first = this.range === undefined;
    this.range = page.range;
    const cur = this.state.getSnapshot();
    const range = page.range;
    const firstRange = first ? range : cur.firstRange;
    this.state.set({
      ids: replace ? fresh : fresh.length ? [...cur.ids, ...fresh] : cur.ids,
      loading: false,
      error: null,
      done: !range || range.elements.length === 0 || !range.since,
      pages: (replace ? 0 : cur.pages) + 1,
      future: replace ? [] : cur.future,
      ...(firstRange ? { firstRange } : {}),
    });
    if (first && range?.until !== undefined) this.newestUntil = range.until;
    this.hold();
  }

  private elements(): FeedElements {
    return this.source.elements ?? 'notes';
  }

  private elementsOf(page: FeedPage): string[] {
    switch (this.elements()) {
      case 'people':
        for (const [pk, f] of Object.entries(page.followerIncrease)) this.gains.set(pk, f.increase);
        return page.range?.elements ?? Object.keys(page.followerIncrease);
      case 'zaps': {
        const items = zapListItems(page);
        for (const z of items) this.zaps.set(z.id, z);
        return items.map((z) => z.id);
      }
      case 'notes':
        return page.notes.map((n) => n.id);
    }
  }

  private sortValueOf(page: FeedPage, id: string, orderBy: string): number {
    switch (this.elements()) {
      case 'people':
        return page.followerIncrease[id]?.increase ?? 0;
      case 'zaps':
        return this.zaps.get(id)?.created_at ?? 0;
      case 'notes':
        return sortValue(
          page.notes.find((n) => n.id === id),
          orderBy,
          page.stats[id],
        );
    }
  }

  /** Holds what the list shows (and what waits) in the store, so pruning never takes it. */
  private hold(): void {
    if (!this.lease) return;
    const { ids, future } = this.state.getSnapshot();
    switch (this.elements()) {
      case 'people':
        this.lease.update([], ids);
        break;
      case 'zaps': {
        const zaps = ids.flatMap((id) => this.zaps.get(id) ?? []);
        this.lease.update(
          zaps.map((z) => z.zappedId),
          zaps.map((z) => z.sender),
        );
        break;
      }
      case 'notes':
        this.lease.update([...ids, ...future]);
    }
  }
}

/** The one paged list, keyed by its source (`FeedModel`). */
export const feedModel = defineModel<FeedSource, FeedModel>(
  'feed',
  (ctx, source) => new FeedModel(ctx, source),
);
