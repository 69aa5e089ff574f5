import type { NoteActions, NoteStats } from '@swell/cache-protocol';

/**
 * Optimistic changes on notes, shown on top of what the cache said (the "pending overlay").
 *
 * A change is `pending` from the moment the user acts until a relay accepts the event, then
 * `confirmed` (with the time the cache learned of it). A rolled-back change disappears. The
 * merge rules make every change idempotent against the cache's own figures:
 * - like / repost / reply set the action flag and add 1 to the count, unless the cache's actions
 *   already show the flag (the count then already includes us);
 * - a confirmed change stops adding to the count as soon as the stats come from a request made
 *   after the cache learned of it (those stats include it), and is then dropped;
 * - stats are never replaced by those of an older request (see `EntityStore`), so a page that was
 *   asked for before the like and arrives after it cannot take the like away.
 */
export type NoteChange =
  | { type: 'like'; noteId: string }
  | { type: 'repost'; noteId: string }
  | { type: 'reply'; noteId: string }
  /** NIP-09 deletion: the note is hidden at once. */
  | { type: 'hide'; noteId: string };

export interface PendingChange {
  /** Usually the id of the signed event that carries the change. */
  key: string;
  change: NoteChange;
  state: 'pending' | 'confirmed';
  /** For confirmed changes: when the cache knew of the event (ms). */
  settledAt?: number;
}

/** Stats or actions with the time of the request they came from (ms). */
export interface Stamped<T> {
  value: T;
  at: number;
}

const countField = { like: 'likes', repost: 'reposts', reply: 'replies' } as const;
const flagField = { like: 'liked', repost: 'reposted', reply: 'replied' } as const;

export function emptyStats(noteId: string): NoteStats {
  return {
    event_id: noteId,
    likes: 0,
    replies: 0,
    mentions: 0,
    reposts: 0,
    zaps: 0,
    satszapped: 0,
    score: 0,
    score24h: 0,
    bookmarks: 0,
  };
}

export function emptyActions(noteId: string): NoteActions {
  return { event_id: noteId, liked: false, replied: false, reposted: false, zapped: false };
}

export class NoteOverlay {
  /** note id -> changes on it, in the order they were made. */
  private readonly byNote = new Map<string, PendingChange[]>();
  private readonly byKey = new Map<string, PendingChange>();

  add(key: string, change: NoteChange): PendingChange {
    this.remove(key);
    const entry: PendingChange = { key, change, state: 'pending' };
    this.byKey.set(key, entry);
    const list = this.byNote.get(change.noteId) ?? [];
    this.byNote.set(change.noteId, [...list, entry]);
    return entry;
  }

  get(key: string): PendingChange | undefined {
    return this.byKey.get(key);
  }

  /** The changes on one note (a new array whenever they change, so it can be memoised on). */
  on(noteId: string): readonly PendingChange[] | undefined {
    return this.byNote.get(noteId);
  }

  confirm(key: string, settledAt: number): PendingChange | undefined {
    const entry = this.byKey.get(key);
    if (!entry) return undefined;
    const next: PendingChange = { ...entry, state: 'confirmed', settledAt };
    this.replace(entry, next);
    return next;
  }

  /** Drops a change (rollback, or a confirmed one the cache now shows); returns its note id. */
  remove(key: string): string | undefined {
    const entry = this.byKey.get(key);
    if (!entry) return undefined;
    this.byKey.delete(key);
    const noteId = entry.change.noteId;
    const rest = (this.byNote.get(noteId) ?? []).filter((e) => e !== entry);
    if (rest.length) this.byNote.set(noteId, rest);
    else this.byNote.delete(noteId);
    return noteId;
  }

  /** Forgets every change on a note (the note left the store). */
  forget(noteId: string): void {
    for (const e of this.byNote.get(noteId) ?? []) this.byKey.delete(e.key);
    this.byNote.delete(noteId);
  }

  clear(): void {
    this.byNote.clear();
    this.byKey.clear();
  }

  get size(): number {
    return this.byKey.size;
  }

  /**
   * Confirmed changes the cache's stats now include (stats asked for after `settledAt`): they
   * are dropped. Returns whether anything was dropped.
   */
  settle(noteId: string, statsAt: number | undefined): boolean {
    if (statsAt === undefined) return false;
    const list = this.byNote.get(noteId);
    if (!list) return false;
    let dropped = false;
    for (const e of list) {
      if (e.state === 'confirmed' && e.settledAt !== undefined && statsAt > e.settledAt) {
        this.remove(e.key);
        dropped = true;
      }
    }
    return dropped;
  }

  isHidden(noteId: string): boolean {
    return this.byNote.get(noteId)?.some((e) => e.change.type === 'hide') ?? false;
  }

  private replace(old: PendingChange, next: PendingChange): void {
    this.byKey.set(next.key, next);
    const noteId = old.change.noteId;
    this.byNote.set(
      noteId,
      (this.byNote.get(noteId) ?? []).map((e) => (e === old ? next : e)),
    );
  }
}

/** Applies the changes of one note to its stats and actions (new objects; inputs untouched). */
export function mergeChanges(
  noteId: string,
  stats: Stamped<NoteStats> | undefined,
  actions: NoteActions | undefined,
  changes: readonly PendingChange[],
  /**
   * What the cache itself said: `actions` may carry flags from the liked list or the viewer's
   * own events, which do not mean the cache's counts include them.
   */
  cacheActions: NoteActions | undefined,
): { stats: NoteStats; actions: NoteActions } {
  const s: NoteStats = { ...(stats?.value ?? emptyStats(noteId)) };
  const a: NoteActions = { ...(actions ?? emptyActions(noteId)) };
  const counted = new Set<string>();
  for (const e of changes) {
    const type = e.change.type;
    if (type === 'hide') continue;
    const flag = flagField[type];
    const count = countField[type];
    // The cache's flag means our like or repost is already in its count (not so for replies:
    // the user may reply many times).
    const alreadyKnown =
      (type !== 'reply' && (cacheActions?.[flag] ?? false)) ||
      (e.state === 'confirmed' &&
        e.settledAt !== undefined &&
        stats !== undefined &&
        stats.at > e.settledAt);
    // A reply may be counted once per reply; likes and reposts once per user.
    const once = type === 'reply' ? e.key : type;
    if (!alreadyKnown && !counted.has(once)) {
      s[count] += 1;
      counted.add(once);
    }
    a[flag] = true;
  }
  return { stats: s, actions: a };
}
