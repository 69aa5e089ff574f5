import { nextPage, type FeedPage, type FeedRange } from '@swell/cache-protocol';
import { shownNotesOf, sortValue } from '@swell/client';
import { createStore, type ExternalStore } from '@/lib/external-store.ts';
import { markFirstContent } from '@/lib/first-content.ts';

/** Loads one page: `until`/`offset` are absent for the first page. */
export type PageLoader = (
  paging: { until?: number; offset?: number },
  signal: AbortSignal,
) => Promise<FeedPage>;

export interface PagedListState {
  /** Element ids in display order (notes or reposts), never twice, one per note. */
  ids: string[];
  loading: boolean;
  done: boolean;
  error: string | null;
  /** Range of the first page (the new-posts check starts from its `until`). */
  firstRange?: FeedRange;
}

const initialState: PagedListState = { ids: [], loading: false, done: false, error: null };

/**
 * A list paged by feed range: the next page asks `until = range.since` with `offset` = how many
 * items seen have exactly that sort value; ids already shown are dropped, and so are elements
 * showing a note already shown (one card per note: a repost and its original, within a page and
 * across pages, keep the first, newest one).
 */
export class PagedList {
  readonly state: ExternalStore<PagedListState> = createStore(initialState);
  private range: FeedRange | undefined;
  private seen = new Set<string>();
  /** Notes on screen (a repost shows its original): one card per note. */
  private notes = new Set<string>();
  /** Sort value of every element seen (shown or left out), from the page it came in. */
  private values = new Map<string, number>();
  private controller = new AbortController();
  private readonly load: PageLoader;
  private measured: unknown[] = [];
  /** Window scroll position of the list view (for back navigation). */
  scrollY = 0;
  /** Index of the first row on screen then. */
  anchorIndex = 0;

  keepScroll(y: number, anchorIndex: number): void {
    this.scrollY = y;
    this.anchorIndex = anchorIndex;
  }

  constructor(load: PageLoader) {
    this.load = load;
  }

  /** Loads the next page unless one is loading or the list is done. */
  async loadMore(): Promise<void> {
    const s = this.state.get();
    if (s.loading || s.done) return;
    let paging: { until?: number; offset?: number } = {};
    if (this.range) {
      const next = nextPage(this.range, this.values.values());
      if (!next) {
        this.state.set({ ...s, done: true });
        return;
      }
      paging = next;
    }
    this.state.set({ ...s, loading: true, error: null });
    const signal = this.controller.signal;
    try {
      const page = await this.load(paging, signal);
      if (signal.aborted) return;
      const orderBy = page.range?.order_by ?? 'created_at';
      const fresh: string[] = [];
      const noteOf = shownNotesOf(page);
      for (const n of page.notes) {
        if (this.seen.has(n.id)) continue;
        this.seen.add(n.id);
        this.values.set(n.id, sortValue(n, orderBy, page.stats[n.id]));
        const note = noteOf(n.id);
        if (this.notes.has(note)) continue;
        this.notes.add(note);
        fresh.push(n.id);
      }
      const first = this.range === undefined;
      this.range = page.range;
      const cur = this.state.get();
      this.state.set({
        ...cur,
        ids: fresh.length ? [...cur.ids, ...fresh] : cur.ids,
        loading: false,
        done: !page.range || page.range.elements.length === 0 || !page.range.since,
        ...(first ? { firstRange: page.range } : {}),
      });
      if (fresh.length) markFirstContent();
    } catch (e) {
      if (signal.aborted) return;
      this.state.set({ ...this.state.get(), loading: false, error: String(e) });
    }
  }

  /**
   * Puts ids at the top (future notes, the user's own new notes), skipping those already shown
   * and those whose note is (`noteOf`: the note a repost shows; by default the id itself).
   */
  prepend(ids: string[], noteOf: (id: string) => string = (id) => id): void {
    const fresh: string[] = [];
    for (const id of ids) {
      const note = noteOf(id);
      if (this.seen.has(id) || this.notes.has(note)) continue;
      this.seen.add(id);
      this.notes.add(note);
      fresh.push(id);
    }
    if (fresh.length === 0) return;
    const cur = this.state.get();
    this.state.set({ ...cur, ids: [...fresh, ...cur.ids] });
  }

  /** Row sizes measured by the list view, kept so a remount (back navigation) lays out at once. */
  keepMeasurements(items: unknown[]): void {
    this.measured = items;
  }

  measurements<T>(): T[] {
    return this.measured as T[];
  }

  has(id: string): boolean {
    return this.seen.has(id);
  }

  /** Whether a card shows this note (itself, or through a repost). */
  showsNote(noteId: string): boolean {
    return this.notes.has(noteId);
  }

  /** Stops any request in flight; the list can no longer load. */
  dispose(): void {
    this.controller.abort();
  }
}
