import type { EventTemplate, NostrEvent } from '@swell/nostr';
import { broadcast } from '../actions/broadcast.ts';
import { signAndSend, type ActionContext, type WriteResult } from '../actions/action-context.ts';
import { deleteNote } from '../actions/delete-note.ts';
import { like } from '../actions/like.ts';
import { postNote, type NoteExtras } from '../actions/compose-note.ts';
import { quote } from '../actions/quote.ts';
import { reply } from '../actions/reply.ts';
import { repost } from '../actions/repost.ts';
import type { CacheApi } from '../cache/cache-api.ts';
import type { Clock } from '../clock.ts';
import { EmojiHistory } from '../composer/emoji-history.ts';
import { NoteDrafts } from '../composer/note-drafts.ts';
import { LeaseSenderLock, type LeaseSenderLockOptions } from '../outbox/lease-sender-lock.ts';
import { Outbox } from '../outbox/outbox.ts';
import { defaultOutboxDbName, openOutboxDatabase } from '../outbox/outbox-db.ts';
import type { SenderLock } from '../outbox/sender-lock.ts';
import { WebLocksSenderLock } from '../outbox/web-locks-sender-lock.ts';
import { Publisher, type PublishAttempt } from '../publish/publisher.ts';
import type { RelayPool } from '../relay/relay-pool.ts';
import type { Session } from '../session/session.ts';
import type { UserRecordStore } from '../storage/user-record.ts';
import type { EntityStore } from '../store/entity-store.ts';
import { OutboxOverlay } from './outbox-overlay.ts';

/** Something that tells when the network is back (`window`). */
export interface OnlineTarget {
  addEventListener(type: 'online', fn: () => void): void;
  removeEventListener(type: 'online', fn: () => void): void;
}

export interface WritePathOptions {
  store: EntityStore;
  api: CacheApi;
  pool: RelayPool;
  records: UserRecordStore;
  session: Session;
  /** Proxy mode (spec section 4): publish through the cache. */
  proxy: () => boolean;
  /** The browser's `indexedDB` by default. */
  indexedDB?: IDBFactory;
  /** The browser's `navigator.locks` by default; null: the IndexedDB lease instead. */
  locks?: LockManager | null;
  outboxName?: string;
  lease?: LeaseSenderLockOptions;
  onlineTarget?: OnlineTarget;
  retryBaseMs?: number;
  publishTimeoutMs?: number;
  clock?: Clock;
}

/** Everything that writes, loaded on first use (`SwellClient.write()`). */
export interface WritePath {
  publisher: Publisher;
  /** Every waiting event with its state (sending, failed, sent), observable. */
  outbox: Outbox;
  /** `extras.media`: imeta tags of uploaded files shown in the note. */
  post(content: string, extras?: NoteExtras): Promise<WriteResult>;
  reply(parent: NostrEvent, content: string, extras?: NoteExtras): Promise<WriteResult>;
  quote(quoted: NostrEvent, content: string, extras?: NoteExtras): Promise<WriteResult>;
  /** null: already liked (ignored). */
  like(note: NostrEvent): Promise<WriteResult | null>;
  repost(note: NostrEvent): Promise<WriteResult>;
  deleteNote(note: NostrEvent, reason?: string): Promise<WriteResult>;
  broadcast(event: NostrEvent): PublishAttempt;
  /**
   * Signs and sends any event through the outbox (e.g. a new account's profile and lists), to
   * the write relays and `extraRelays`; `created_at` defaults to now (a replaceable event
   * passes one after the version it replaces).
   */
  publishEvent(
    template: Omit<EventTemplate, 'created_at'> & { created_at?: number },
    extraRelays?: string[],
  ): Promise<WriteResult>;
  retry(id: string): Promise<void>;
  discard(id: string): Promise<void>;
  drafts: NoteDrafts;
  emojis: EmojiHistory;
  close(): Promise<void>;
}

/**
 * Wires the write path: publisher (write relays + hints, or the cache in proxy mode, then
 * import_events), the persistent outbox (IndexedDB, one sending tab), the overlay that keeps
 * the store's optimistic changes in step with it, the note actions and the composer's drafts
 * and emoji history. Waiting events are nudged when a write relay (re)connects or the network
 * comes back.
 */
export async function createWritePath(o: WritePathOptions): Promise<WritePath> {
  const publisher = new Publisher({
    pool: o.pool,
    api: o.api,
    proxy: o.proxy,
    ...(o.publishTimeoutMs ? { timeoutMs: o.publishTimeoutMs } : {}),
  });
  const settled = new Map<string, Promise<number | null>>();
  const name = o.outboxName ?? defaultOutboxDbName;
  const db = await openOutboxDatabase(name, o.indexedDB);
  const tabId = `tab-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;
  const locks =
    o.locks === undefined ? (globalThis.navigator as Navigator | undefined)?.locks : o.locks;
  const lock: SenderLock = locks
    ? new WebLocksSenderLock(locks, `${name}:sender`)
    : new LeaseSenderLock(db, `${name}:sender`, tabId, o.lease);
  const outbox = new Outbox({
    db,
    lock,
    tabId,
    channelName: `${name}:tabs`,
    ...(o.clock ? { clock: o.clock } : {}),
    ...(o.retryBaseMs ? { retryBaseMs: o.retryBaseMs } : {}),
    publish: (event, relays) => {
      // `relays` (chosen at signing) come on top of the write relays of now.
      const attempt = publisher.publish(event, relays);
      settled.delete(event.id);
      settled.set(event.id, attempt.settled);
      // For the overlay to read when the event is sent; the oldest are forgotten.
      while (settled.size > 200) settled.delete(settled.keys().next().value!);
      return attempt;
    },
  });
  const overlay = new OutboxOverlay({
    outbox,
    store: o.store,
    records: o.records,
    viewer: () => o.session.pubkey,
    settledAt: (id) => settled.get(id),
  });
  let viewer = o.session.pubkey;
  const unwatchSession = o.session.subscribe(() => {
    if (o.session.pubkey !== viewer) {
      viewer = o.session.pubkey;
      overlay.reset();
    }
  });
  // A write relay coming (back) up, or the network: waiting events are tried now.
  let up = new Set<string>();
  const unwatchPool = o.pool.subscribe(() => {
    const snap = o.pool.getSnapshot();
    const now = new Set(
      Object.entries(snap)
        .filter(([, r]) => r.write && r.status === 'connected')
        .map(([url]) => url),
    );
    const back = [...now].some((u) => !up.has(u));
    up = now;
    if (back) void outbox.nudge();
  });
  const online = () => void outbox.nudge();
  o.onlineTarget?.addEventListener('online', online);
  await outbox.start();

  const ctx: ActionContext = {
    store: o.store,
    outbox,
    publisher,
    records: o.records,
    session: o.session,
    adopt: (id, changes) => overlay.adopt(id, changes),
  };
  const pubkey = () => o.session.pubkey;
  return {
    publisher,
    outbox,
    post: (content, extras) => postNote(ctx, content, extras),
    reply: (parent, content, extras) => reply(ctx, parent, content, extras),
    quote: (quoted, content, extras) => quote(ctx, quoted, content, extras),
    like: (note) => like(ctx, note),
    repost: (note) => repost(ctx, note),
    deleteNote: (note, reason) => deleteNote(ctx, note, reason),
    broadcast: (event) => broadcast(ctx, event),
    publishEvent: (template, extraRelays = []) => signAndSend(ctx, template, [], extraRelays),
    retry: (id) => outbox.retry(id),
    discard: (id) => outbox.discard(id),
    drafts: new NoteDrafts(o.records, pubkey),
    emojis: new EmojiHistory(o.records, pubkey),
    async close() {
      unwatchSession();
      unwatchPool();
      o.onlineTarget?.removeEventListener('online', online);
      overlay.close();
      await outbox.stop();
      db.close();
    },
  };
}
