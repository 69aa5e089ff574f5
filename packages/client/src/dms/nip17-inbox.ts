import {
  CHAT_MESSAGE_KIND,
  GIFT_WRAP_KIND,
  GiftWrapError,
  openGiftWrap,
  TWO_DAYS,
  type NostrEvent,
  type Rumor,
} from '@swell/nostr';
import type { PoolSubscription, RelayPool } from '../relay/relay-pool.ts';
import { ValueStore, type Observable } from '../store.ts';
import { DecryptCancelled, type DecryptPriority, type DecryptQueue } from './decrypt-queue.ts';
import type { DmRelayDirectory } from './dm-relays.ts';
import { byNewest, type DmMessage } from './dm-types.ts';

export interface Nip17InboxSnapshot {
  /** Messages by peer, newest first. */
  byPeer: ReadonlyMap<string, readonly DmMessage[]>;
  /** Wraps still waiting to be opened (decrypting or held for the user's go-ahead). */
  opening: number;
  /** Wraps that could not be opened (their sender is unknown: shown as a count). */
  undecryptable: number;
  /** Group messages (more than one other participant): not shown in 1:1 conversations. */
  groupMessages: number;
  /** Stored wraps have been received from every DM relay (or the time-out passed). */
  synced: boolean;
  /** Where the wraps are read from (the user's kind 10050 list, else the read relays). */
  relays: string[];
}

const empty: Nip17InboxSnapshot = {
  byPeer: new Map(),
  opening: 0,
  undecryptable: 0,
  groupMessages: 0,
  synced: false,
  relays: [],
};

interface WrapState {
  status: 'opening' | 'open' | 'failed' | 'group' | 'ignored';
  error?: string;
}

/**
 * The user's NIP-17 inbox: kind 1059 gift wraps addressed to them, read from their DM relays
 * (kind 10050, else their read relays) with NIP-42 AUTH (the pool answers `auth-required:`),
 * kept open for new ones, and opened through the DecryptQueue (seal 13, rumor 14, NIP-44).
 * A wrap that cannot be opened is counted, never guessed into a conversation. The sender's own
 * copies are messages too (their peer is the p tag of the rumor).
 */
export class Nip17Inbox implements Observable<Nip17InboxSnapshot> {
  private readonly opts: {
    me: string;
    pool: () => Promise<RelayPool>;
    directory: DmRelayDirectory;
    queue: DecryptQueue;
  };
  private readonly state = new ValueStore<Nip17InboxSnapshot>(empty);
  private readonly wraps = new Map<string, WrapState>();
  private readonly messages = new Map<string, DmMessage>();
  private sub: PoolSubscription | null = null;
  private closed = false;
  private synced = false;
  private relays: string[] = [];
  private flushQueued = false;

  constructor(options: {
    me: string;
    pool: () => Promise<RelayPool>;
    directory: DmRelayDirectory;
    queue: DecryptQueue;
  }) {
    this.opts = options;
  }

  getSnapshot = (): Nip17InboxSnapshot => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  get me(): string {
    return this.opts.me;
  }

  /** Starts reading (once). */
  async start(): Promise<void> {
    if (this.sub || this.closed) return;
    const [pool, mine] = await Promise.all([
      this.opts.pool(),
      this.opts.directory.relaysOf(this.opts.me),
    ]);
    if (this.closed || this.sub) return;
    this.relays = mine.dmList ?? [...new Set([...pool.readRelays(), ...mine.readRelays])];
    this.sub = pool.subscribeFilters([{ kinds: [GIFT_WRAP_KIND], '#p': [this.opts.me] }], {
      relays: this.relays,
      connect: true,
      resumeSlackSeconds: TWO_DAYS,
      onEvent: (e) => this.onWrap(e),
      onEose: () => {
        this.synced = true;
        this.schedule();
      },
    });
    this.schedule();
  }

  /** Tries the wraps that failed again (e.g. after the user allowed decrypting). */
  retryFailed(): void {
    for (const [id, w] of this.wraps) {
      if (w.status === 'failed') this.wraps.delete(id);
    }
    // They come back with the next delivery; ask the relays again.
    const sub = this.sub;
    this.sub = null;
    sub?.close();
    void this.start();
    this.schedule();
  }

  /** A wrap the user just sent (their own copy): shown without waiting for the relay. */
  addOwn(wrap: NostrEvent, rumor: Rumor): void {
    if (this.wraps.has(wrap.id)) return;
    this.wraps.set(wrap.id, { status: 'open' });
    this.accept(wrap, rumor);
  }

  close(): void {
    this.closed = true;
    this.sub?.close();
    this.sub = null;
  }

  private onWrap(wrap: NostrEvent): void {
    if (this.closed || this.wraps.has(wrap.id)) return;
    this.wraps.set(wrap.id, { status: 'opening' });
    this.schedule();
    // The peer is inside: wraps cannot be put before others by conversation, so all come
    // 'now' (the inbox is what the Messages screen shows).
    const priority: DecryptPriority = 'now';
    const queue = this.opts.queue;
    openGiftWrap(wrap, (peer, payload) => queue.decrypt('nip44', peer, payload, priority))
      .then(({ rumor }) => {
        if (this.closed) return;
        this.accept(wrap, rumor);
      })
      .catch((e: unknown) => {
        if (this.closed) return;
        if (
          e instanceof DecryptCancelled ||
          (e as { cause?: unknown })?.cause instanceof DecryptCancelled
        ) {
          this.wraps.delete(wrap.id);
        } else {
          const reason =
            e instanceof GiftWrapError ? e.message : String((e as Error)?.message ?? e);
          this.wraps.set(wrap.id, { status: 'failed', error: reason });
        }
        this.schedule();
      });
  }

  private accept(wrap: NostrEvent, rumor: Rumor): void {
    if (rumor.kind !== CHAT_MESSAGE_KIND) {
      this.wraps.set(wrap.id, { status: 'ignored' });
      return this.schedule();
    }
    const me = this.opts.me;
    const others = new Set([
      rumor.pubkey,
      ...rumor.tags.filter((t) => t[0] === 'p').map((t) => t[1]!),
    ]);
    others.delete(me);
    if (others.size > 1) {
      this.wraps.set(wrap.id, { status: 'group' });
      return this.schedule();
    }
    if (rumor.pubkey !== me && !rumor.tags.some((t) => t[0] === 'p' && t[1] === me)) {
      // Addressed to the user by the wrap but not by the message: not a message to them.
      this.wraps.set(wrap.id, { status: 'ignored' });
      return this.schedule();
    }
    const peer = others.size === 1 ? [...others][0]! : me;
    this.wraps.set(wrap.id, { status: 'open' });
    const known = this.messages.get(rumor.id);
    const wrapIds = [...new Set([...(known?.wrapIds ?? []), wrap.id])];
    this.messages.set(rumor.id, {
      id: rumor.id,
      peer,
      sender: rumor.pubkey,
      created_at: rumor.created_at,
      protocol: 'nip17',
      state: 'ok',
      text: rumor.content,
      wrapIds,
    });
    this.schedule();
  }

  /** Publishes at most once per microtask (a relay's stored wraps arrive in a burst). */
  private schedule(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      this.flush();
    });
  }

  private flush(): void {
    const byPeer = new Map<string, DmMessage[]>();
    for (const m of this.messages.values()) {
      let list = byPeer.get(m.peer);
      if (!list) byPeer.set(m.peer, (list = []));
      list.push(m);
    }
    for (const list of byPeer.values()) list.sort(byNewest);
    let opening = 0;
    let undecryptable = 0;
    let groupMessages = 0;
    for (const w of this.wraps.values()) {
      if (w.status === 'opening') opening++;
      else if (w.status === 'failed') undecryptable++;
      else if (w.status === 'group') groupMessages++;
    }
    this.state.set({
      byPeer,
      opening,
      undecryptable,
      groupMessages,
      synced: this.synced,
      relays: this.relays,
    });
  }
}
