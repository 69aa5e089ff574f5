import { systemClock, type Clock } from '../clock.ts';
import type { Held, LiveFeedWatch, Model, ModelContext, ModelDef, ModelHost } from './model.ts';

export interface ModelRegistryOptions {
  /** Released models kept (for back navigation: loaded pages, scroll memory). Default 24. */
  keep?: number;
  /** How long a released model is kept (ms). Default 10 minutes. */
  keepMs?: number;
  /** The clock of the eviction timers and of the models (tests). */
  clock?: Clock;
  /** The live watch of feeds the app provides (`LiveFeedWatch`). */
  liveFeed?: LiveFeedWatch;
}

/** What the models of every session share: the client's parts. */
export type ModelBase = Omit<ModelContext, 'viewer' | 'models' | 'clock' | 'liveFeed'>;

interface Entry {
  key: string;
  model: Model<unknown>;
  holders: number;
  /** Held at least once (a model only read at render time is kept by time alone). */
  acquired: boolean;
  /** The eviction timer while nobody holds it. */
  timer: unknown;
}

/**
 * The models of one session, keyed by kind and params, shared and reference-counted: the first
 * holder activates a model, the last one to leave deactivates it. A released model is kept for a
 * while (the last `keep` released, each at most `keepMs`), so going back to a screen finds its
 * list, pages and scroll position as they were; then it is disposed. `dispose()` ends them all
 * (the client does it when the session's public key changes and makes a new registry); a read
 * after that gets an inert model of its own.
 */
export class ModelRegistry implements ModelHost {
  private readonly ctx: ModelContext;
  private readonly clock: Clock;
  private readonly keep: number;
  private readonly keepMs: number;
  private readonly entries = new Map<string, Entry>();
  /** Entries released after being held, least recently used first. */
  private readonly released = new Set<Entry>();
  private closed = false;

  /** Models of `viewer`'s session (null: a guest), made with the client's parts (`base`). */
  constructor(base: ModelBase, viewer: string | null, options: ModelRegistryOptions = {}) {
    this.clock = options.clock ?? systemClock;
    // The client's parts through its prototype (the client itself, in the app), plus these.
    this.ctx = Object.create(base, {
      viewer: { value: viewer },
      models: { value: this },
      clock: { value: this.clock },
      liveFeed: { value: options.liveFeed },
    }) as ModelContext;
    this.keep = options.keep ?? 24;
    this.keepMs = options.keepMs ?? 10 * 60_000;
  }

  acquire<P, M extends Model<unknown>>(def: ModelDef<P, M>, params: P): Held<M> {
    const entry = this.entry(def, params);
    if (this.closed) return { model: entry.model as M, release() {} };
    entry.acquired = true;
    if (++entry.holders === 1) {
      this.released.delete(entry);
      this.clock.clearTimeout(entry.timer);
      entry.model.activate?.();
    }
    let held = true;
    return {
      model: entry.model as M,
      release: () => {
        if (!held || this.closed) return;
        held = false;
        if (--entry.holders > 0) return;
        entry.model.deactivate?.();
        this.park(entry);
      },
    };
  }

  get<P, M extends Model<unknown>>(def: ModelDef<P, M>, params: P): M {
    const entry = this.entry(def, params);
    // Read again: the most recently used of the released.
    if (this.released.delete(entry)) this.released.add(entry);
    return entry.model as M;
  }

  /** Ends every model (the session changed, or the client closed). */
  dispose(): void {
    this.closed = true;
    for (const e of this.entries.values()) this.end(e);
    this.entries.clear();
    this.released.clear();
  }

  private entry<P, M extends Model<unknown>>(def: ModelDef<P, M>, params: P): Entry {
    const key = `${def.kind}:${def.key(params)}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { key, model: def.create(this.ctx, params), holders: 0, acquired: false, timer: 0 };
      // After `dispose` (a late read during a session change): inert, and not kept.
      if (this.closed) entry.model.dispose();
      else {
        this.entries.set(key, entry);
        // Made by a read nobody holds yet (a render whose effect will hold it): kept for a
        // while, not counted among the released, so a render reading many new models keeps
        // them all.
        this.park(entry);
      }
    }
    return entry;
  }

  /** Nobody holds it: kept for `keepMs`; the oldest released beyond `keep` go now. */
  private park(entry: Entry): void {
    if (entry.acquired) this.released.add(entry);
    this.clock.clearTimeout(entry.timer);
    entry.timer = this.clock.setTimeout(() => {
      if (entry.holders === 0) this.evict(entry);
    }, this.keepMs);
    for (const oldest of this.released) {
      if (this.released.size <= this.keep) break;
      this.evict(oldest);
    }
  }

  private evict(entry: Entry): void {
    this.released.delete(entry);
    this.entries.delete(entry.key);
    this.end(entry);
  }

  private end(entry: Entry): void {
    this.clock.clearTimeout(entry.timer);
    try {
      entry.model.dispose();
    } catch (e) {
      console.error(`model ${entry.key} failed to dispose`, e);
    }
  }
}
