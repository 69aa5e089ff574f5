import { systemClock } from '../clock.ts';
import type { Held, Model, ModelContext, ModelDef, ModelHost } from './model.ts';

export interface ModelRegistryOptions {
  /** Released models kept (for back navigation: loaded pages, scroll memory). Default 24. */
  keep?: number;
  /** How long a released model is kept (ms). Default 10 minutes. */
  keepMs?: number;
}

interface Entry {
  key: string;
  def: ModelDef<unknown, Model<unknown>>;
  model: Model<unknown>;
  holders: number;
  /** Held at least once (a model only read at render time is kept by time alone). */
  acquired: boolean;
  /** The eviction timer while released. */
  timer: unknown;
}

/**
 * The models of one session, keyed by kind and params, shared and reference-counted: the first
 * holder activates a model, the last one to leave deactivates it. A released model is kept for a
 * while (the last `keep` released, each at most `keepMs`), so going back to a screen finds its
 * list, pages and scroll position as they were; then it is disposed. `dispose()` ends them all
 * (the client does it when the session's public key changes and makes a new registry).
 */
export class ModelRegistry implements ModelHost {
  private readonly ctx: ModelContext;
  private readonly keep: number;
  private readonly keepMs: number;
  private readonly entries = new Map<string, Entry>();
  /** Entries nobody holds, least recently used first. */
  private readonly released = new Set<Entry>();
  private readonly kinds = new Map<string, ModelDef<unknown, Model<unknown>>>();
  private closed = false;
  /** Models read after `dispose` (inert), one per key so repeated reads agree. */
  private readonly orphans = new Map<string, Model<unknown>>();

  constructor(context: Omit<ModelContext, 'models'>, options: ModelRegistryOptions = {}) {
    this.ctx = { ...context, models: this };
    this.keep = options.keep ?? 24;
    this.keepMs = options.keepMs ?? 10 * 60_000;
  }

  /** The public key the models are for (null: a guest). */
  get viewer(): string | null {
    return this.ctx.viewer;
  }

  get disposed(): boolean {
    return this.closed;
  }

  acquire<P, M extends Model<unknown>>(def: ModelDef<P, M>, params: P): Held<M> {
    if (this.closed) return this.orphan(def, params);
    const entry = this.entry(def, params);
    entry.holders++;
    entry.acquired = true;
    if (entry.holders === 1) {
      this.unrelease(entry);
      entry.model.activate?.();
    }
    let held = true;
    return {
      model: entry.model as M,
      release: () => {
        if (!held) return;
        held = false;
        this.release(entry);
      },
    };
  }

  get<P, M extends Model<unknown>>(def: ModelDef<P, M>, params: P): M {
    if (this.closed) return this.orphan(def, params).model;
    const entry = this.entry(def, params);
    if (entry.holders === 0 && this.released.delete(entry)) {
      // Read again: the most recently used of the released.
      this.released.add(entry);
    }
    return entry.model as M;
  }

  /** How many models live (held or kept), and how many are held. */
  stats(): { live: number; held: number } {
    let held = 0;
    for (const e of this.entries.values()) if (e.holders > 0) held++;
    return { live: this.entries.size, held };
  }

  /** Ends every model (the session changed, or the client closed); later reads get orphans. */
  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const e of this.entries.values()) this.end(e);
    this.entries.clear();
    this.released.clear();
  }

  private entry<P, M extends Model<unknown>>(def: ModelDef<P, M>, params: P): Entry {
    const known = this.kinds.get(def.kind);
    if (known && known !== (def as unknown as ModelDef<unknown, Model<unknown>>))
      throw new Error(`two model definitions of kind "${def.kind}"`);
    const key = `${def.kind}:${def.key(params)}`;
    let entry = this.entries.get(key);
    if (entry) return entry;
    this.kinds.set(def.kind, def as unknown as ModelDef<unknown, Model<unknown>>);
    entry = {
      key,
      def: def as unknown as ModelDef<unknown, Model<unknown>>,
      model: def.create(this.ctx, params),
      holders: 0,
      acquired: false,
      timer: null,
    };
    this.entries.set(key, entry);
    // Made by a read nobody holds yet (a render whose effect will hold it): kept for a while,
    // not counted among the released, so a render reading many new models keeps them all.
    this.park(entry);
    return entry;
  }

  private release(entry: Entry): void {
    if (this.closed || entry.holders === 0) return;
    entry.holders--;
    if (entry.holders > 0) return;
    entry.model.deactivate?.();
    this.park(entry);
  }

  /** Into the released set, with its time limit; the oldest beyond `keep` go. */
  private park(entry: Entry): void {
    this.released.delete(entry);
    if (entry.acquired) this.released.add(entry);
    const clock = this.ctx.clock ?? systemClock;
    if (entry.timer !== null) clock.clearTimeout(entry.timer);
    entry.timer = clock.setTimeout(() => {
      entry.timer = null;
      if (entry.holders === 0) this.evict(entry);
    }, this.keepMs);
    while (this.released.size > this.keep) {
      const oldest = this.released.values().next().value as Entry;
      this.evict(oldest);
    }
  }

  private unrelease(entry: Entry): void {
    this.released.delete(entry);
    if (entry.timer !== null) (this.ctx.clock ?? systemClock).clearTimeout(entry.timer);
    entry.timer = null;
  }

  private evict(entry: Entry): void {
    this.released.delete(entry);
    if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key);
    this.end(entry);
  }

  private end(entry: Entry): void {
    if (entry.timer !== null) (this.ctx.clock ?? systemClock).clearTimeout(entry.timer);
    entry.timer = null;
    try {
      entry.model.dispose();
    } catch (e) {
      console.error(`model ${entry.key} failed to dispose`, e);
    }
  }

  /** A model of a registry already disposed (a late read during a session change): inert. */
  private orphan<P, M extends Model<unknown>>(def: ModelDef<P, M>, params: P): Held<M> {
    const key = `${def.kind}:${def.key(params)}`;
    let model = this.orphans.get(key) as M | undefined;
    if (!model) {
      model = def.create(this.ctx, params);
      model.dispose();
      if (this.orphans.size >= 50) this.orphans.clear();
      this.orphans.set(key, model);
    }
    return { model, release: () => {} };
  }
}
