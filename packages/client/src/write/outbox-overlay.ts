import { isHex64, replyTo, type NostrEvent } from '@swell/nostr';
import type { Outbox, OutboxItem } from '../outbox/outbox.ts';
import type { UserRecordStore } from '../storage/user-record.ts';
import type { EntityStore, OptimisticChange, StoreLease } from '../store/entity-store.ts';
import type { NoteChange } from '../store/note-overlay.ts';
import { OWN_POST_KINDS } from '../composer/own-posts.ts';

/** What a signed event changes on the notes it points at. */
export function changesOf(event: NostrEvent): NoteChange[] {
  const eTags = event.tags.filter((t) => t[0] === 'e' && isHex64(t[1])).map((t) => t[1]!);
  switch (event.kind) {
    case 7:
      return event.content === '-' || eTags.length === 0
        ? []
        : [{ type: 'like', noteId: eTags[eTags.length - 1]! }];
    case 6:
    case 16:
      return eTags.length ? [{ type: 'repost', noteId: eTags[0]! }] : [];
    case 5:
      return eTags.map((noteId) => ({ type: 'hide', noteId }));
    case 1: {
      const parent = replyTo(event);
      return parent ? [{ type: 'reply', noteId: parent }] : [];
    }
    case 1111: {
      // NIP-22: the lowercase e names the item answered (the article's version, or a comment).
      const parent = event.tags.find((t) => t[0] === 'e' && isHex64(t[1]))?.[1];
      return parent ? [{ type: 'reply', noteId: parent }] : [];
    }
    default:
      return [];
  }
}

/**
 * Kinds whose own unsent events are notes in the store: notes, polls, picture posts, videos
 * (`OWN_POST_KINDS`) and NIP-22 comments.
 */
const ownNoteKind = (kind: number) => kind === 1111 || OWN_POST_KINDS.has(kind);

interface Tracked {
  item: OutboxItem;
  changes: OptimisticChange[];
}

export interface OutboxOverlayOptions {
  outbox: Outbox;
  store: EntityStore;
  records: UserRecordStore;
  /** The signed-in user: only their events change what the store shows. */
  viewer: () => string | null;
  /** When the cache knew of a sent event (ms), if the publisher tells. */
  settledAt: (id: string) => Promise<number | null> | undefined;
}

/**
 * Keeps the store's optimistic changes in step with the outbox: while an event of the user is
 * being sent its changes show (a like, a repost, a reply count, a hidden note) and their own
 * notes are in the store; when an attempt fails the changes roll back (the note stays, marked
 * failed, with retry and discard), except that a deletion's note stays hidden; when a relay accepted it they are confirmed, the event is
 * merged as published and a like joins the liked list; a discarded event disappears. After a
 * reload the events still waiting show again the same way.
 */
export class OutboxOverlay {
  private readonly opts: OutboxOverlayOptions;
  private readonly tracked = new Map<string, Tracked>();
  private readonly adopted = new Map<string, OptimisticChange[]>();
  private readonly lease: StoreLease;
  private readonly stop: () => void;

  constructor(options: OutboxOverlayOptions) {
    this.opts = options;
    this.lease = options.store.retain();
    this.stop = options.outbox.subscribe(() => this.sync());
    this.sync();
  }

  close(): void {
    this.stop();
    this.lease.release();
  }

  /** Changes an action showed before its event was signed: they become this event's. */
  adopt(eventId: string, changes: OptimisticChange[] | null): void {
    if (changes) this.adopted.set(eventId, changes);
    else this.adopted.delete(eventId);
  }

  /** Runs again for a new viewer (the store dropped what was personal). */
  reset(): void {
    this.tracked.clear();
    this.sync();
  }

  private sync(): void {
    const { outbox, store } = this.opts;
    const items = outbox.getSnapshot().items;
    const viewer = this.opts.viewer();
    store.batch(() => {
      for (const [id, t] of this.tracked) {
        if (!items[id]) this.discarded(t);
      }
      for (const item of Object.values(items)) {
        if (item.event.pubkey !== viewer) continue;
        const t = this.tracked.get(item.id);
        if (!t) this.track(item);
        else if (t.item !== item) this.update(t, item);
      }
      const held: string[] = [];
      for (const t of this.tracked.values()) {
        if (ownNoteKind(t.item.event.kind) && t.item.status !== 'sent') held.push(t.item.id);
      }
      this.lease.update(held);
    });
  }

  private track(item: OutboxItem): void {
    const t: Tracked = { item, changes: this.adopted.get(item.id) ?? [] };
    this.adopted.delete(item.id);
    this.tracked.set(item.id, t);
    if (item.status === 'failed') this.failed(t);
    if (ownNoteKind(item.event.kind) && item.status !== 'sent')
      this.opts.store.putOwnNote(item.event);
    if (item.status === 'sending') this.show(t);
    if (item.status === 'sent') this.sent(t);
  }

  private update(t: Tracked, item: OutboxItem): void {
    const before = t.item.status;
    t.item = item;
    if (item.status === before) return;
    if (item.status === 'sending') this.show(t);
    else if (item.status === 'failed') this.failed(t);
    else if (item.status === 'sent') this.sent(t);
  }

  private show(t: Tracked): void {
    if (t.changes.length) return;
    t.changes = changesOf(t.item.event).map((c, i) =>
      this.opts.store.change(`${t.item.id}:${i}`, c),
    );
  }

  /**
   * A failed attempt: likes, reposts and replies roll back (the counts show what relays have).
   * A deletion keeps its note hidden while it waits for the retry: the user confirmed it and was
   * told the note is hidden at once; only discarding the deletion brings the note back.
   */
  private failed(t: Tracked): void {
    if (t.item.event.kind === 5) this.show(t);
    else this.rollback(t);
  }

  private rollback(t: Tracked): void {
    for (const c of t.changes) c.rollback();
    t.changes = [];
  }

  private sent(t: Tracked): void {
    const { store, records } = this.opts;
    const event = t.item.event;
    this.show(t);
    const changes = t.changes;
    const settled = this.opts.settledAt(event.id) ?? Promise.resolve(null);
    void settled.then((at) => {
      for (const c of changes) c.confirm(at ?? Date.now());
    });
    store.ingestEvent(event);
    if (event.kind === 7) {
      const target = changesOf(event)[0];
      if (target) {
        const likes = records.update(event.pubkey, (r) => ({
          likes: [...new Set([...(r.likes ?? []), target.noteId])],
        })).likes;
        store.setLikedIds(likes ?? []);
      }
    }
  }

  private discarded(t: Tracked): void {
    this.tracked.delete(t.item.id);
    if (t.item.status === 'sent') return;
    this.rollback(t);
    if (ownNoteKind(t.item.event.kind)) this.opts.store.removeNote(t.item.id);
  }
}
