import type { NostrEvent } from '@swell/nostr';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { replaceableOf } from './queries/events.ts';

type Db = Kysely<Database>;

export interface ProfileCacheOptions {
  /** Most profiles kept (least recently used go first). */
  max?: number;
  /** An entry is read again after this long (bounds staleness from writes by other processes). */
  ttlMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

interface Entry {
  /** The current kind 0, or null: the user has none. */
  event: NostrEvent | null;
  at: number;
}

/**
 * Users' current kind 0 in memory. Almost every answer carries profiles (a thread of 100 replies
 * needs about 50), and reading them is a random index walk per user. `invalidate` is fed every
 * new event (the live bus, so other instances' writes count too); a lookup that was in flight
 * when a user's profile changed is answered but not kept.
 */
export class ProfileCache {
  private readonly entries = new Map<string, Entry>();
  private readonly max: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Counts invalidations; a lookup keeps its rows only if nothing it read was invalidated. */
  private generation = 0;
  private readonly changedAt = new Map<string, number>();
  /** Lookups started before this generation keep nothing (changedAt was pruned). */
  private floor = 0;
  hits = 0;
  misses = 0;

  constructor(opts: ProfileCacheOptions = {}) {
    this.max = opts.max ?? 50_000;
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.now = opts.now ?? Date.now;
  }

  /** Kind 0 of each pubkey that has one. */
  async get(db: Db, pubkeys: readonly string[]): Promise<Map<string, NostrEvent>> {
    const out = new Map<string, NostrEvent>();
    const missing: string[] = [];
    const now = this.now();
    for (const p of new Set(pubkeys)) {
      const hit = this.entries.get(p);
      if (hit && now - hit.at < this.ttlMs) {
        // most recently used last
        this.entries.delete(p);
        this.entries.set(p, hit);
        if (hit.event) out.set(p, hit.event);
        this.hits++;
      } else missing.push(p);
    }
    if (missing.length === 0) return out;
    this.misses += missing.length;
    const started = this.generation;
    const found = await replaceableOf(db, missing, 0);
    const keep = started >= this.floor;
    for (const p of missing) {
      const event = found.get(p) ?? null;
      if (event) out.set(p, event);
      if (keep && (this.changedAt.get(p) ?? -1) < started) this.put(p, { event, at: now });
    }
    return out;
  }

  private put(pubkey: string, entry: Entry): void {
    this.entries.delete(pubkey);
    this.entries.set(pubkey, entry);
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** Forgets the profile of every author of a new kind 0, deletion (5) or vanish request (62). */
  invalidate(events: readonly NostrEvent[]): void {
    for (const e of events) {
      if (e.kind !== 0 && e.kind !== 5 && e.kind !== 62) continue;
      this.generation++;
      this.entries.delete(e.pubkey);
      this.changedAt.set(e.pubkey, this.generation);
    }
    if (this.changedAt.size > 10_000) {
      this.changedAt.clear();
      this.floor = this.generation;
    }
  }
}
