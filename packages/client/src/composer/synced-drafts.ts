import {
  draftDeletionTemplate,
  draftWrapTemplate,
  Kind,
  openDraftWrap,
  type Draft,
  type EventTemplate,
  type Filter,
  type NostrEvent,
} from '@swell/nostr';
import { systemClock, type Clock } from '../clock.ts';
import type { Signer } from '../signers/signer.ts';
import type { UserRecordStore } from '../storage/user-record.ts';
import type { Observable } from '../store.ts';

/** One draft as this device knows it. */
export interface SavedDraft {
  /** The wrap's `d`: one per draft, kept across saves. */
  identifier: string;
  /** The drafted kind (1 a note, 30023 an article). */
  kind: number;
  /** Unix seconds of the last save, on this device or another. */
  savedAt: number;
  draft: Draft;
  /**
   * The `savedAt` of the relays' version this one started from (0: never on a relay). A relay
   * version newer than this, not saved here, is another device's save.
   */
  base: number;
  /** Typed here and not yet on a relay (the debounce, offline, a conflict). */
  dirty: boolean;
}

export interface DraftsSnapshot {
  /** `loading` until the relays' drafts have been read once (the local copies show meanwhile). */
  status: 'loading' | 'ready';
  /** Newest first. */
  drafts: readonly SavedDraft[];
  /**
   * Drafts another device saved after this one started from their last version while this one
   * has unsaved changes: identifier -> that device's version. Nothing is written for them until
   * `resolve` says which one wins.
   */
  conflicts: Readonly<Record<string, SavedDraft>>;
  /** Wraps that could not be opened (another key's NIP-44, a broken draft). */
  unreadable: number;
}

/** What the drafts need of the rest of the client. */
export interface SyncedDraftsOptions {
  records: UserRecordStore;
  session: { readonly pubkey: string | null; requireSigner(): Signer };
  /** Reads the user's relays (the relay pool): stored events, then live ones. */
  subscribe(
    filters: Filter[],
    opts: { onEvent(event: NostrEvent): void; onEose?(): void },
  ): { close(): void };
  /** The relays' current version of one draft (its newest wrap), if any. */
  latest(pubkey: string, identifier: string): Promise<NostrEvent | undefined>;
  /** Signs and sends through the outbox. */
  publish(template: EventTemplate): Promise<{ event: NostrEvent }>;
  /** How long typing must pause before a save goes to the relays (ms). Default 2500. */
  relayDelayMs?: number;
  clock?: Clock;
}

/** The per-user record field the local copies live in. */
const FIELD = 'syncedDrafts';

type StoredDrafts = Record<string, SavedDraft>;

function isSaved(v: unknown): v is SavedDraft {
  const d = v as Partial<SavedDraft> | null;
  return (
    !!d &&
    typeof d.identifier === 'string' &&
    typeof d.kind === 'number' &&
    typeof d.savedAt === 'number' &&
    typeof d.base === 'number' &&
    typeof d.draft?.content === 'string' &&
    Array.isArray(d.draft.tags)
  );
}

/**
 * Drafts on every device (NIP-37): each draft is kept at once in the per-user record (nothing
 * typed is lost offline or on a reload) and, once typing pauses for `relayDelayMs`, sealed to
 * the user's own key (NIP-44) in a kind 31234 wrap sent through the outbox (one relay write per
 * pause, never one per keystroke). While observed, the relays' wraps are read and followed live,
 * so a draft saved on another device shows here within seconds.
 *
 * Two devices on one draft: the later save wins. A device that has unsaved changes and sees a
 * newer version from elsewhere (live, or asked just before writing) writes nothing and reports a
 * conflict until `resolve` keeps its own (saved as the newest) or takes the other.
 */
export class SyncedDrafts implements Observable<DraftsSnapshot> {
  private readonly o: SyncedDraftsOptions;
  private readonly clock: Clock;
  private readonly delayMs: number;
  private readonly listeners = new Set<() => void>();
  private snapshot: DraftsSnapshot = {
    status: 'loading',
    drafts: [],
    conflicts: {},
    unreadable: 0,
  };
  private snapshotOf: string | null | undefined = undefined;
  private conflicts: Record<string, SavedDraft> = {};
  private unreadable = new Set<string>();
  private status: 'loading' | 'ready' = 'loading';
  private readonly timers = new Map<string, unknown>();
  /** Ids of the wraps this device sent (their echo is not another device's save). */
  private readonly own = new Set<string>();
  private sub: { close(): void } | null = null;
  private subOf: string | null = null;

  constructor(o: SyncedDraftsOptions) {
    this.o = o;
    this.clock = o.clock ?? systemClock;
    this.delayMs = o.relayDelayMs ?? 2500;
  }

  private get me(): string | null {
    return this.o.session.pubkey;
  }

  private stored(): StoredDrafts {
    const raw = this.o.records.get(this.me)[FIELD];
    const out: StoredDrafts = {};
    if (raw && typeof raw === 'object') {
      for (const [k, v] of Object.entries(raw as Record<string, unknown>))
        if (isSaved(v)) out[k] = v;
    }
    return out;
  }

  private store(update: (drafts: StoredDrafts) => void): void {
    const drafts = this.stored();
    update(drafts);
    this.o.records.update(this.me, { [FIELD]: drafts });
    this.changed();
  }

  private changed(): void {
    this.snapshotOf = undefined;
    for (const l of [...this.listeners]) l();
  }

  getSnapshot = (): DraftsSnapshot => {
    if (this.snapshotOf === this.me) return this.snapshot;
    this.snapshotOf = this.me;
    const drafts = Object.values(this.stored()).sort((a, b) => b.savedAt - a.savedAt);
    this.snapshot = {
      status: this.status,
      drafts,
      conflicts: { ...this.conflicts },
      unreadable: this.unreadable.size,
    };
    return this.snapshot;
  };

  /** Observing follows the relays' drafts (stored, then live) for the signed-in user. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    this.follow();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.unfollow();
    };
  };

  /** One draft, as last saved on this device or received. */
  get(identifier: string): SavedDraft | undefined {
    return this.stored()[identifier];
  }

  /**
   * Keeps a draft: at once on this device, on the relays once typing pauses. `createdAt` of the
   * draft is taken as given (the editor's time of the change).
   */
  save(identifier: string, draft: EventTemplate): void {
    const now = Math.floor(this.clock.now() / 1000);
    this.store((drafts) => {
      const prev = drafts[identifier];
      drafts[identifier] = {
        identifier,
        kind: draft.kind,
        savedAt: Math.max(now, prev?.savedAt ?? 0),
        draft: {
          kind: draft.kind,
          created_at: draft.created_at,
          tags: draft.tags,
          content: draft.content,
        },
        base: prev?.base ?? 0,
        dirty: true,
      };
    });
    this.schedule(identifier);
  }

  /** Sends every waiting save now (leaving the editor, the page hidden). */
  async flush(identifier?: string): Promise<void> {
    const ids = identifier ? [identifier] : [...this.timers.keys()];
    await Promise.all(
      ids.map((id) => {
        const t = this.timers.get(id);
        if (t !== undefined) this.clock.clearTimeout(t);
        this.timers.delete(id);
        return this.send(id);
      }),
    );
  }

  /**
   * The draft was published or thrown away: gone from this device, and from the relays by a
   * blank wrap (NIP-37) and a NIP-09 deletion of its address.
   */
  async remove(identifier: string): Promise<void> {
    const t = this.timers.get(identifier);
    if (t !== undefined) this.clock.clearTimeout(t);
    this.timers.delete(identifier);
    const entry = this.stored()[identifier];
    delete this.conflicts[identifier];
    this.store((drafts) => {
      delete drafts[identifier];
    });
    const me = this.me;
    if (!entry || !me || entry.base === 0) return;
    const now = Math.floor(this.clock.now() / 1000);
    const blank = draftDeletionTemplate({ identifier, kind: entry.kind, savedAt: entry.base }, now);
    const { event } = await this.o.publish(blank);
    this.own.add(event.id);
    await this.o.publish({
      kind: Kind.Deletion,
      created_at: blank.created_at,
      tags: [
        ['a', `${Kind.Draft}:${me}:${identifier}`],
        ['k', String(Kind.Draft)],
      ],
      content: '',
    });
  }

  /** A conflict settled: `mine` saves this device's version as the newest, `theirs` takes the other. */
  async resolve(identifier: string, keep: 'mine' | 'theirs'): Promise<void> {
    const theirs = this.conflicts[identifier];
    if (!theirs) return;
    delete this.conflicts[identifier];
    if (keep === 'theirs') {
      this.store((drafts) => {
        drafts[identifier] = { ...theirs, base: theirs.savedAt, dirty: false };
      });
      return;
    }
    this.store((drafts) => {
      const mine = drafts[identifier];
      if (mine) drafts[identifier] = { ...mine, base: theirs.savedAt, dirty: true };
    });
    await this.send(identifier);
  }

  private schedule(identifier: string): void {
    const t = this.timers.get(identifier);
    if (t !== undefined) this.clock.clearTimeout(t);
    this.timers.set(
      identifier,
      this.clock.setTimeout(() => {
        this.timers.delete(identifier);
        void this.send(identifier).catch(() => {});
      }, this.delayMs),
    );
  }

  private async send(identifier: string): Promise<void> {
    const me = this.me;
    const entry = this.stored()[identifier];
    if (!me || !entry?.dirty || this.conflicts[identifier]) return;
    const signer = this.o.session.requireSigner();
    // Another device may have saved since this one's version: asked just before writing.
    const latest = await this.o.latest(me, identifier).catch(() => undefined);
    if (latest && !this.own.has(latest.id) && latest.created_at > entry.base) {
      await this.receive(latest, signer);
      if (this.conflicts[identifier] || !this.stored()[identifier]) return;
    }
    const current = this.stored()[identifier];
    if (!current?.dirty) return;
    const createdAt = Math.max(Math.floor(this.clock.now() / 1000), current.base + 1);
    const template = await draftWrapTemplate({
      draft: current.draft,
      identifier,
      pubkey: me,
      encrypt: (peer, text) => signer.nip44.encrypt(peer, text),
      createdAt,
    });
    const { event } = await this.o.publish(template);
    this.own.add(event.id);
    this.store((drafts) => {
      const now = drafts[identifier];
      if (!now) return;
      // Typing went on while this was sealed: still dirty, the next pause sends it.
      const same =
        now.draft.content === current.draft.content && now.draft.tags === current.draft.tags;
      drafts[identifier] = {
        ...now,
        base: event.created_at,
        savedAt: event.created_at,
        dirty: !same && now.dirty,
      };
    });
  }

  /** A wrap from the relays: a newer version replaces this device's, or is a conflict. */
  private async receive(event: NostrEvent, signer: Signer): Promise<void> {
    if (event.kind !== Kind.Draft || event.pubkey !== this.me || this.own.has(event.id)) return;
    let opened;
    try {
      opened = await openDraftWrap(event, (peer, payload) => signer.nip44.decrypt(peer, payload));
    } catch {
      this.unreadable.add(event.id);
      this.changed();
      return;
    }
    const id = opened.identifier;
    const local = this.stored()[id];
    if (local && event.created_at <= Math.max(local.base, local.dirty ? 0 : local.savedAt)) return;
    if (opened.deleted) {
      if (local && local.base > 0 && !local.dirty) {
        this.store((drafts) => {
          delete drafts[id];
        });
      }
      return;
    }
    const theirs: SavedDraft = {
      identifier: id,
      kind: opened.kind,
      savedAt: opened.savedAt,
      draft: opened.draft,
      base: opened.savedAt,
      dirty: false,
    };
    if (local?.dirty) {
      if (local.draft.content === theirs.draft.content) {
        this.store((drafts) => {
          drafts[id] = { ...local, base: theirs.savedAt };
        });
        return;
      }
      this.conflicts[id] = theirs;
      this.changed();
      return;
    }
    this.store((drafts) => {
      drafts[id] = theirs;
    });
  }

  private follow(): void {
    const me = this.me;
    if (this.sub && this.subOf === me) return;
    this.unfollow();
    if (!me) return;
    let signer: Signer;
    try {
      signer = this.o.session.requireSigner();
    } catch {
      return;
    }
    this.subOf = me;
    this.status = 'loading';
    // Opened one at a time, in order: a remote signer is asked once at a time.
    let chain = Promise.resolve();
    this.sub = this.o.subscribe([{ kinds: [Kind.Draft], authors: [me] }], {
      onEvent: (event) => {
        chain = chain.then(() => this.receive(event, signer)).catch(() => {});
      },
      onEose: () => {
        void chain.then(() => {
          this.status = 'ready';
          this.changed();
        });
      },
    });
  }

  private unfollow(): void {
    this.sub?.close();
    this.sub = null;
    this.subOf = null;
  }

  /** Stops following and sends nothing more (the write path closes). */
  close(): void {
    for (const t of this.timers.values()) this.clock.clearTimeout(t);
    this.timers.clear();
    this.unfollow();
  }
}
