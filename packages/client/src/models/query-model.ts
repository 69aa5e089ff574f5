import { ValueStore } from '../store.ts';
import type { StoreLease } from '../store/entity-store.ts';
import { defineModel, stableKey, type Model, type ModelContext, type ModelDef } from './model.ts';

export interface QueryState<T> {
  /** The last answer (kept while a refresh runs). */
  data: T | undefined;
  /** The last attempt failed (the data of an earlier one, if any, stays). */
  error: string | null;
  /** An attempt is running. */
  loading: boolean;
}

export interface QueryOptions<T> {
  /**
   * The notes and users the answer shows, held in the store while the model lives (the store
   * prunes in long sessions, and a model kept for back navigation must still find them).
   */
  shows?(data: T): { notes?: Iterable<string>; users?: Iterable<string> };
  /**
   * A model activated again after this long (ms) loads again, showing what it has meanwhile.
   * Default 0: each visit refreshes; Infinity: never.
   */
  freshMs?: number;
}

/** Loads one answer: `signal` aborts when the model is disposed or the load starts over. */
export type QueryLoad<P, T> = (ctx: ModelContext, params: P, signal: AbortSignal) => Promise<T>;

const idle = { data: undefined, error: null, loading: false };

/**
 * A model of one answer (a profile, a thread, a sidebar's lists): loaded when first held, again
 * on a later visit (showing the earlier answer meanwhile) and on `retry`; what it shows is held
 * in the store. Most models are one of these (`defineQuery`).
 */
export class QueryModel<T, P = unknown> implements Model<QueryState<T>> {
  protected readonly ctx: ModelContext;
  protected readonly params: P;
  private readonly load: QueryLoad<P, T>;
  private readonly options: QueryOptions<T>;
  private readonly state = new ValueStore<QueryState<T>>(idle);
  private controller: AbortController | null = null;
  private lease: StoreLease | null = null;
  private loadedAt: number | null = null;
  private disposed = false;

  constructor(ctx: ModelContext, params: P, load: QueryLoad<P, T>, options: QueryOptions<T> = {}) {
    this.ctx = ctx;
    this.params = params;
    this.load = load;
    this.options = options;
  }

  getSnapshot = (): QueryState<T> => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  activate(): void {
    const s = this.state.getSnapshot();
    if (s.loading) return;
    const fresh = this.options.freshMs ?? 0;
    const age = this.loadedAt === null ? Infinity : this.ctx.clock.now() - this.loadedAt;
    if (s.data === undefined || s.error !== null || age >= fresh) void this.refresh();
  }

  /** Loads again (after an error, or to see what changed); the answer shown stays meanwhile. */
  async refresh(): Promise<void> {
    if (this.disposed) return;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.state.update({ loading: true, error: null });
    try {
      const data = await this.load(this.ctx, this.params, controller.signal);
      if (controller.signal.aborted || this.disposed) return;
      this.loadedAt = this.ctx.clock.now();
      this.hold(data);
      this.state.set({ data, error: null, loading: false });
    } catch (e) {
      if (controller.signal.aborted || this.disposed) return;
      this.state.update({ loading: false, error: (e as Error)?.message || String(e) });
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  }

  /** `refresh` after an error (the error state's Retry). */
  retry(): Promise<void> {
    return this.refresh();
  }

  dispose(): void {
    this.disposed = true;
    this.controller?.abort();
    this.lease?.release();
    this.lease = null;
  }

  private hold(data: T): void {
    const shows = this.options.shows?.(data);
    if (!shows) return;
    this.lease ??= this.ctx.store.retain();
    this.lease.update(shows.notes ?? [], shows.users ?? []);
  }
}

/**
 * A model of one answer per params: `load` asks the cache through the context (so the store has
 * what it shows); the key is the params (as JSON with sorted keys) unless `key` says otherwise.
 */
export function defineQuery<P, T>(
  kind: string,
  load: QueryLoad<P, T>,
  options: QueryOptions<T> & { key?: (params: P) => string } = {},
): ModelDef<P, QueryModel<T, P>> {
  const { key = stableKey, ...rest } = options;
  return defineModel<P, QueryModel<T, P>>(
    kind,
    (ctx, params) => new QueryModel<T, P>(ctx, params, load, rest),
    key,
  );
}

/** The note ids and authors of a page (what a query of a page shows). */
export function pageShows(page: {
  notes: readonly { id: string; pubkey: string }[];
  users?: Readonly<Record<string, unknown>>;
}): { notes: string[]; users: string[] } {
  return {
    notes: page.notes.map((n) => n.id),
    users: [...page.notes.map((n) => n.pubkey), ...Object.keys(page.users ?? {})],
  };
}
