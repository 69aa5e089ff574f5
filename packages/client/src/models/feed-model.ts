import { nextPage, type CacheCommand, type FeedPage, type FeedRange } from '@swell/cache-protocol';
import { shownNotesOf } from '../feed/shown-notes.ts';
import { sortValue } from '../feed/sort-value.ts';
import { ValueStore } from '../store.ts';
import type { StoreLease } from '../store/entity-store.ts';
import { defineModel, type Model, type ModelContext } from './model.ts';

/**
 * Where a paged list comes from: a cache command and its payload without the paging (with its
 * `limit`). The source is the model's key: two screens showing the same source share one list.
 */
export interface FeedSource {
  command: CacheCommand;
  payload: Readonly<Record<string, unknown>>;
  /** Sort key when an answer's range names none (reads: published_at). Default created_at. */
  orderBy?: string;
  /**
   * The message a failed page shows instead of its cause (the cause is logged with it): the
   * spec's catalogue message of the screen, e.g. search's "ERROR fetching search results".
   */
  failure?: string;
}

export interface FeedState {
  /**
   * Element ids in display order (notes and reposts; pubkeys or zap receipts in Explore's
   * lists), never twice, and one per note: a repost of a note already shown (or the note of a
   * repost shown) is left out.
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

/** A feed spec's notes (`mega_feed_directive`, 20 a page): featured feeds, Home's. */
export function megaFeedSource(spec: string, limit = 20): FeedSource {
  return { command: 'mega_feed_directive', payload: { spec, limit } };
}

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
 * who reposted), still counted for the offset. The notes shown are held in the store. The list
 * view keeps its scroll position here for back navigation. (Home's list also looks for newer
 * notes: `HomeFeedModel`.)
 */
export class FeedModel implements Model<FeedState> {
  readonly source: FeedSource;
  protected readonly ctx: ModelContext;
  protected readonly state = new ValueStore<FeedState>(initial);
  private range: FeedRange | undefined;
  /** Every element seen, shown or left out. */
  protected seen = new Set<string>();
  /** Notes on screen (a repost shows its original): one card per note. */
  protected notes = new Set<string>();
  /** Sort value of every element seen (the offset counts what the cache sent). */
  private values = new Map<string, number>();
  protected controller = new AbortController();
  private lease: StoreLease | null;
  protected disposed = false;
  /** Where the reader was (the list view writes it; read on back navigation). */
  scroll: ScrollMemory = { y: 0, anchor: 0, measurements: [] };

  constructor(ctx: ModelContext, source: FeedSource) {
    this.ctx = ctx;
    this.source = source;
    this.lease = ctx.store.retain();
  }

  getSnapshot = (): FeedState => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  /** Whether an element was seen (shown, or left out as a second card of its note). */
  has(id: string): boolean {
    return this.seen.has(id);
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
    await this.fetch(paging);
  }

  /** Empties the list and stops what is loading; the next `loadMore` starts from the top. */
  reset(): void {
    this.controller.abort();
    this.controller = new AbortController();
    this.range = undefined;
    this.seen = new Set();
    this.notes = new Set();
    this.values = new Map();
    this.scroll = { y: 0, anchor: 0, measurements: [] };
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
      if (this.has(id) || this.notes.has(note)) continue;
      this.seen.add(id);
      this.notes.add(note);
      fresh.push(id);
    }
    if (fresh.length === 0) return;
    const cur = this.state.getSnapshot();
    this.state.set({ ...cur, ids: [...fresh, ...cur.ids] });
    this.hold();
  }

  dispose(): void {
    this.disposed = true;
    this.controller.abort();
    this.lease?.release();
    this.lease = null;
  }

  /** The source's payload with the paging, asked as the session's viewer (their own actions,
   * their mutes) unless it names a `user_pubkey`. */
  protected payload(paging: Record<string, unknown>): Record<string, unknown> {
    const viewer = this.ctx.viewer;
    return { ...(viewer ? { user_pubkey: viewer } : {}), ...this.source.payload, ...paging };
  }

  private async fetch(paging: { until?: number; offset?: number }) {
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
    const orderBy = page.range?.order_by ?? this.source.orderBy ?? 'created_at';
    const fresh: string[] = [];
    const noteOf = this.noteOf(page);
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
    const range = (this.range = page.range);
    const cur = this.state.getSnapshot();
    this.state.set({
      ...cur,
      ids: fresh.length ? [...cur.ids, ...fresh] : cur.ids,
      loading: false,
      done: !range || range.elements.length === 0 || !range.since,
      pages: cur.pages + 1,
      ...(first && range ? { firstRange: range } : {}),
    });
    this.hold();
  }

  /** The page's elements in display order (its notes and reposts). */
  protected elementsOf(page: FeedPage): string[] {
    return page.notes.map((n) => n.id);
  }

  /** An element's sort value (the offset of the next page counts them). */
  protected sortValueOf(page: FeedPage, id: string, orderBy: string): number {
    return sortValue(
      page.notes.find((n) => n.id === id),
      orderBy,
      page.stats[id],
    );
  }

  /** The note each element of a page shows (one card per note). */
  protected noteOf(page: FeedPage): (id: string) => string {
    return shownNotesOf(page);
  }

  /** What the shown and waiting elements hold in the store. */
  protected shows(ids: string[]): { notes: string[]; users?: string[] } {
    return { notes: ids };
  }

  /** Holds what the list shows (and what waits) in the store, so pruning never takes it. */
  protected hold(): void {
    if (!this.lease) return;
    const { ids, future } = this.state.getSnapshot();
    const { notes, users } = this.shows([...ids, ...future]);
    this.lease.update(notes, users);
  }
}

/** The one paged list, keyed by its source (`FeedModel`). */
export const feedModel = defineModel<FeedSource, FeedModel>(
  'feed',
  (ctx, source) => new FeedModel(ctx, source),
);
