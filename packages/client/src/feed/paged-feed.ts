import { nextPage, type FeedPage, type FeedRange } from '@swell/cache-protocol';
import { ValueStore, type Observable } from '../store.ts';
import { shownNotesOf } from './shown-notes.ts';
import { sortValue } from './sort-value.ts';

/** Paging of one request: absent for the first page. */
export interface PageRequest {
  until?: number;
  offset?: number;
}

/** Loads one page (through `client.ingest`, so the store has what the ids point at). */
export type PageLoader = (paging: PageRequest, signal: AbortSignal) => Promise<FeedPage>;

export interface PagedFeedState {
  /**
   * Element ids in display order (notes, reposts, pubkeys or zap receipts), never twice, and one
   * per note: a repost of a note already shown (or the note of a repost shown) is left out.
   */
  ids: string[];
  loading: boolean;
  /** No next page: the last range was empty or its since was 0. */
  done: boolean;
  error: string | null;
  /** Pages loaded since the last reset (0 before the first answer). */
  pages: number;
  /** Range of the first page (a new-posts check starts from its until). */
  firstRange?: FeedRange;
}

export interface PagedFeedOptions {
  /** Sort key when an answer's range names none (reads: published_at). Default created_at. */
  defaultOrderBy?: string;
  /** The page's elements in display order (default: its notes). */
  elementsOf?(page: FeedPage): string[];
  /** An element's sort value (default: from the note, its stats and the order). */
  sortValueOf?(page: FeedPage, id: string, orderBy: string): number;
}

const initial: PagedFeedState = { ids: [], loading: false, done: false, error: null, pages: 0 };

/**
 * A list paged by feed range (cache-protocol.md section 4), without React: the first page, then
 * `until = range.since` with `offset` = how many shown elements have exactly that sort value.
 * The next page is skipped while one is loading or when there is none (since 0, no elements);
 * elements already shown are dropped, and so are those showing a note already shown (one card
 * per note, within a page and across pages; the first, newest, stays). `refetch()` loads the first page again and replaces the
 * list when it arrives; `reset()` empties it. Observable for `useSyncExternalStore`.
 */
export class PagedFeed implements Observable<PagedFeedState> {
  private readonly state = new ValueStore<PagedFeedState>(initial);
  private readonly load: PageLoader;
  private readonly opts: PagedFeedOptions;
  private range: FeedRange | undefined;
  private seen = new Set<string>();
  /** Notes on screen (a repost shows its original): one card per note. */
  private notes = new Set<string>();
  /** Sort value of every element seen, shown or left out (the offset counts what the cache sent). */
  private values = new Map<string, number>();
  private controller = new AbortController();
  private disposed = false;

  constructor(load: PageLoader, options: PagedFeedOptions = {}) {
    this.load = load;
    this.opts = options;
  }

  getSnapshot = (): PagedFeedState => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  /** Whether an element is shown. */
  has(id: string): boolean {
    return this.seen.has(id);
  }

  /** The first page, then each next one; skipped while loading, when done, or disposed. */
  async loadMore(): Promise<void> {
    const s = this.state.getSnapshot();
    if (s.loading || s.done || this.disposed) return;
    let paging: PageRequest = {};
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
    this.controller.abort();
    this.controller = new AbortController();
    this.state.update({ loading: false });
    await this.fetch({}, true);
  }

  /** Empties the list and stops what is loading; the next `loadMore` starts from the top. */
  reset(): void {
    this.controller.abort();
    this.controller = new AbortController();
    this.range = undefined;
    this.seen = new Set();
    this.notes = new Set();
    this.values = new Map();
    this.state.set(initial);
  }

  /** Stops for good (the view went away). */
  dispose(): void {
    this.disposed = true;
    this.controller.abort();
  }

  private async fetch(paging: PageRequest, replace: boolean): Promise<void> {
    const signal = this.controller.signal;
    this.state.update({ loading: true, error: null });
    let page: FeedPage;
    try {
      page = await this.load(paging, signal);
    } catch (e) {
      if (signal.aborted) return;
      this.state.update({ loading: false, error: (e as Error).message || String(e) });
      return;
    }
    if (signal.aborted) return;
    if (replace) {
      this.range = undefined;
      this.seen = new Set();
      this.notes = new Set();
      this.values = new Map();
    }
    const orderBy = page.range?.order_by ?? this.opts.defaultOrderBy ?? 'created_at';
    const fresh: string[] = [];
    const noteOf = shownNotesOf(page);
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
    this.state.set({
      ids: replace ? fresh : fresh.length ? [...cur.ids, ...fresh] : cur.ids,
      loading: false,
      error: null,
      done: !range || range.elements.length === 0 || !range.since,
      pages: (replace ? 0 : cur.pages) + 1,
      ...(first ? { firstRange: range } : cur.firstRange ? { firstRange: cur.firstRange } : {}),
    });
  }

  private elementsOf(page: FeedPage): string[] {
    return this.opts.elementsOf ? this.opts.elementsOf(page) : page.notes.map((n) => n.id);
  }

  private sortValueOf(page: FeedPage, id: string, orderBy: string): number {
    if (this.opts.sortValueOf) return this.opts.sortValueOf(page, id, orderBy);
    const note = page.notes.find((n) => n.id === id);
    return sortValue(note, orderBy, page.stats[id]);
  }
}
