import type { FeedPage } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import type { CacheApi } from '../cache/cache-api.ts';
import type { RelayPool } from '../relay/relay-pool.ts';
import type { Signer } from '../signers/signer.ts';
import { signUserRequest } from '../settings/user-request.ts';
import type { UserRecordStore } from '../storage/user-record.ts';
import { ValueStore, type Observable } from '../store.ts';
import type { WritePath } from '../write/write-path.ts';
import { DecryptQueue } from './decrypt-queue.ts';
import { DmConversation, type ProtocolReason } from './dm-conversation.ts';
import { DmPrefs } from './dm-prefs.ts';
import { DmRelayDirectory } from './dm-relays.ts';
import { DmSender } from './dm-sender.ts';
import {
  byNewest,
  type DmContact,
  type DmContactsSnapshot,
  type DmMessage,
  type DmProtocol,
  type DmRelation,
} from './dm-types.ts';
import { FollowSet } from './follow-set.ts';
import { nip04Message, Nip04Texts } from './nip04-texts.ts';
import { Nip17Inbox } from './nip17-inbox.ts';

/** How many contacts the list asks for (the newest conversations first). */
export const DM_CONTACTS_LIMIT = 100;
/** The server marks at most this many gift wraps read per request. */
const MAX_WRAPS_PER_RESET = 500;

export interface DirectMessagesOptions {
  /** The signed-in user. */
  me: string;
  api: CacheApi;
  /** Who signs and decrypts now (null: locked or signed out). */
  signer: () => Signer | null;
  pool: () => Promise<RelayPool>;
  write: () => Promise<WritePath>;
  records: UserRecordStore;
  /** Every contacts page as it arrives (the app merges its profiles into its entity store). */
  onPage?: (page: FeedPage) => void;
}

interface ServerContact {
  cnt: number;
  latestAt: number;
  latest?: NostrEvent;
}

/**
 * The Messages screen's model for one signed-in user (spec section 4, "Direct messages"):
 * contacts from the cache (NIP-04, `get_directmsg_contacts`) merged with the peers of the
 * NIP-17 inbox, grouped follows / other (a contact moves when the user follows them), with unread
 * counts (the server's NIP-04 count plus NIP-17 messages newer than the conversation was read);
 * conversations; mark read / mark all read; the composer's protocol (the user's per-conversation
 * choice, else NIP-17 when the contact has a kind 10050 list or wrote in NIP-17, else NIP-04).
 * Live: while started it follows `directmsg_count` and reloads the contacts when it changes; the
 * open conversation fetches new NIP-04 messages only when its contact's unread count rises.
 */
export class DirectMessages implements Observable<DmContactsSnapshot> {
  readonly me: string;
  readonly queue: DecryptQueue;
  readonly inbox: Nip17Inbox;
  readonly follows: FollowSet;
  readonly prefs: DmPrefs;
  private readonly opts: DirectMessagesOptions;
  private readonly texts: Nip04Texts;
  private readonly directory: DmRelayDirectory;
  private readonly sender: DmSender;
  private readonly server = new Map<string, ServerContact>();
  private readonly state = new ValueStore<DmContactsSnapshot>({
    follows: [],
    other: [],
    loading: true,
  });
  private loading = true;
  private error: string | undefined;
  private open: DmConversation | null = null;
  private openUnread = 0;
  private readonly unwatch: Array<() => void> = [];
  private lastTotal: number | null = null;
  private started = false;
  private reloadQueued: Promise<void> | null = null;
  private scheduled = false;

  constructor(options: DirectMessagesOptions) {
    this.opts = options;
    this.me = options.me;
    this.queue = new DecryptQueue({ signer: options.signer });
    this.texts = new Nip04Texts(this.queue);
    this.directory = new DmRelayDirectory({ pool: options.pool, api: options.api });
    this.inbox = new Nip17Inbox({
      me: options.me,
      pool: options.pool,
      directory: this.directory,
      queue: this.queue,
    });
    this.follows = new FollowSet(options.api, options.me);
    this.prefs = new DmPrefs(options.records, options.me);
    this.sender = new DmSender({
      me: options.me,
      session: {
        requireSigner: () => {
          const s = options.signer();
          if (!s) throw new Error('sign in to send messages');
          return s;
        },
      },
      api: options.api,
      write: options.write,
      directory: this.directory,
      onOwnWrap: (wrap, rumor) => this.inbox.addOwn(wrap, rumor),
      onNip04Sent: () => void this.reload(),
    });
    const again = () => this.schedule();
    this.unwatch.push(this.inbox.subscribe(again), this.follows.subscribe(again));
    this.unwatch.push(this.texts.subscribe(again));
  }

  getSnapshot = (): DmContactsSnapshot => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  /** Loads the contacts, reads the NIP-17 inbox and follows the unread total. */
  start(): void {
    if (this.started) return;
    this.started = true;
    void this.follows.refresh().catch(() => undefined);
    void this.inbox.start().catch((e: unknown) => {
      console.warn('could not read the NIP-17 inbox:', (e as Error).message);
    });
    void this.reload();
    this.unwatch.push(
      this.opts.api.directMessageCount(this.me, (total) => {
        // Updated only when it changes.
        if (total === this.lastTotal) return;
        const first = this.lastTotal === null;
        this.lastTotal = total;
        if (!first) void this.reload();
      }),
    );
  }

  /** Reloads the contact list from the cache (coalesced). */
  reload(): Promise<void> {
    this.reloadQueued ??= this.loadContacts().finally(() => {
      this.reloadQueued = null;
    });
    return this.reloadQueued;
  }

  /** The conversation with `peer` (one open at a time; the previous one is closed). */
  conversation(peer: string): DmConversation {
    if (this.open?.peer === peer) return this.open;
    this.open?.close();
    this.prefs.remember({ conversation: peer });
    const conv = new DmConversation({
      me: this.me,
      peer,
      api: this.opts.api,
      inbox: this.inbox,
      texts: this.texts,
      queue: this.queue,
      sender: this.sender,
      protocolFor: (p) => this.protocolFor(p),
      setProtocolChoice: (p, protocol) => this.prefs.setProtocol(p, protocol),
    });
    this.open = conv;
    this.openUnread = this.unreadOf(peer);
    void conv.open();
    return conv;
  }

  /** Closes the open conversation (the screen left it). */
  closeConversation(): void {
    this.open?.close();
    this.open = null;
  }

  /**
   * Marks the conversation with `peer` read: the server's NIP-04 count and the NIP-17 wraps of
   * the messages the user has seen. Not when a message shown failed to decrypt (the user has not
   * read it) — returns false then.
   */
  async markRead(conv: DmConversation): Promise<boolean> {
    const peer = conv.peer;
    const incoming = conv.incoming();
    if (incoming.some((m) => m.state === 'failed')) return false;
    if (incoming.some((m) => m.state !== 'ok')) return false;
    const nip17 = conv.nip17Messages().filter((m) => m.sender === peer);
    const wraps = nip17.flatMap((m) => m.wrapIds ?? []).slice(0, MAX_WRAPS_PER_RESET);
    const newest = Math.max(
      0,
      ...incoming.map((m) => m.created_at),
      ...nip17.map((m) => m.created_at),
    );
    const signer = this.requireSigner();
    await this.opts.api.page('reset_directmsg_count', {
      event_from_user: await signUserRequest(signer, {}),
      sender: peer,
      ...(wraps.length > 0 ? { gift_wraps: wraps } : {}),
    });
    if (newest > 0) this.prefs.markReadUntil(peer, newest);
    const s = this.server.get(peer);
    if (s) s.cnt = 0;
    if (this.open?.peer === peer) this.openUnread = 0;
    this.schedule();
    return true;
  }

  /** Marks every conversation read (`reset_directmsg_counts`). */
  async markAllRead(): Promise<void> {
    const signer = this.requireSigner();
    await this.opts.api.page('reset_directmsg_counts', {
      event_from_user: await signUserRequest(signer, {}),
    });
    const newest = Math.max(
      Math.floor(Date.now() / 1000),
      ...[...this.inbox.getSnapshot().byPeer.values()].flatMap((l) => l.map((m) => m.created_at)),
    );
    this.prefs.markAllReadUntil(newest);
    for (const s of this.server.values()) s.cnt = 0;
    this.openUnread = 0;
    this.schedule();
  }

  /** The app followed or unfollowed someone: contacts move group at once. */
  setFollows(pubkeys: Iterable<string>): void {
    this.follows.set(pubkeys);
  }

  /** The composer's protocol for `peer`, and why. */
  async protocolFor(peer: string): Promise<{ protocol: DmProtocol; reason: ProtocolReason }> {
    const choice = this.prefs.protocol(peer);
    if (choice) return { protocol: choice, reason: 'choice' };
    if ((this.inbox.getSnapshot().byPeer.get(peer) ?? []).some((m) => m.sender === peer)) {
      return { protocol: 'nip17', reason: 'earlier-nip17' };
    }
    const relays = await this.directory.relaysOf(peer).catch(() => null);
    if (relays?.dmList) return { protocol: 'nip17', reason: 'dm-relays' };
    return { protocol: 'nip04', reason: 'default' };
  }

  /** Unread messages of the contact `peer` (NIP-04 from the server plus unread NIP-17). */
  unreadOf(peer: string): number {
    const readUntil = this.prefs.readUntil(peer);
    const nip17 = (this.inbox.getSnapshot().byPeer.get(peer) ?? []).filter(
      (m) => m.sender === peer && m.created_at > readUntil,
    ).length;
    return (this.server.get(peer)?.cnt ?? 0) + nip17;
  }

  close(): void {
    this.closeConversation();
    for (const u of this.unwatch.splice(0)) u();
    this.inbox.close();
  }

  private requireSigner(): Signer {
    const s = this.opts.signer();
    if (!s) throw new Error('sign in to read messages');
    return s;
  }

  private async loadContacts(): Promise<void> {
    try {
      const page = await this.opts.api.page('get_directmsg_contacts', {
        user_pubkey: this.me,
        relation: 'any',
        limit: DM_CONTACTS_LIMIT,
      });
      this.opts.onPage?.(page);
      const events = new Map(page.others.filter((e) => e.kind === 4).map((e) => [e.id, e]));
      this.server.clear();
      for (const [pubkey, info] of Object.entries(page.dmContacts)) {
        const latest = events.get(info.latest_event_id);
        this.server.set(pubkey, {
          cnt: Number(info.cnt) || 0,
          latestAt: Number(info.latest_at) || 0,
          ...(latest ? { latest } : {}),
        });
      }
      this.error = undefined;
    } catch (e) {
      this.error = (e as Error).message;
    } finally {
      this.loading = false;
      this.schedule();
    }
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.publish();
    });
  }

  private publish(): void {
    const follows = this.follows.getSnapshot() ?? new Set<string>();
    const inbox = this.inbox.getSnapshot().byPeer;
    const peers = new Set([...this.server.keys(), ...inbox.keys()]);
    peers.delete(this.me);
    const contacts: DmContact[] = [];
    for (const pubkey of peers) {
      const s = this.server.get(pubkey);
      const nip04 = s?.latest ? nip04Message(s.latest, this.me) : null;
      const candidates: DmMessage[] = [];
      if (nip04) candidates.push(this.texts.resolve(nip04, 'later'));
      const newest17 = inbox.get(pubkey)?.[0];
      if (newest17) candidates.push(newest17);
      const latest = candidates.sort(byNewest)[0];
      contacts.push({
        pubkey,
        relation: follows.has(pubkey) ? 'follows' : 'other',
        unread: this.unreadOf(pubkey),
        latestAt: Math.max(s?.latestAt ?? 0, latest?.created_at ?? 0),
        ...(latest ? { latest } : {}),
      });
    }
    contacts.sort((a, b) => b.latestAt - a.latestAt || (a.pubkey < b.pubkey ? -1 : 1));
    // The open conversation refreshes only when its unread count rises.
    if (this.open) {
      const unread = contacts.find((c) => c.pubkey === this.open!.peer)?.unread ?? 0;
      if (unread > this.openUnread) void this.open.refreshNewer();
      this.openUnread = unread;
    }
    const by = (r: DmRelation) => contacts.filter((c) => c.relation === r);
    this.state.set({
      follows: by('follows'),
      other: by('other'),
      loading: this.loading,
      ...(this.error ? { error: this.error } : {}),
    });
  }
}
