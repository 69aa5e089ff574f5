import { nextPage, type FeedRange } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import type { CacheApi } from '../cache/cache-api.ts';
import { ValueStore, type Observable } from '../store.ts';
import type { DecryptQueue } from './decrypt-queue.ts';
import type { DmSender, Outgoing } from './dm-sender.ts';
import { byNewest, type DmMessage, type DmProtocol } from './dm-types.ts';
import { nip04Message, type Nip04Texts } from './nip04-texts.ts';
import type { Nip17Inbox } from './nip17-inbox.ts';

/** Page size of a conversation (spec section 9: DM 20). */
export const DM_PAGE_SIZE = 20;

/** Why the composer sends with this protocol. */
export type ProtocolReason = 'choice' | 'dm-relays' | 'earlier-nip17' | 'default';

export interface DmConversationSnapshot {
  peer: string;
  /** Newest first: NIP-04 and NIP-17 together in time order, with messages being sent. */
  messages: readonly DmMessage[];
  /** A page is loading. */
  loading: boolean;
  /** Older messages can be loaded. */
  hasMore: boolean;
  /** The last load failed. */
  error?: string;
  /** What the composer sends with, and why (null until known). */
  protocol: DmProtocol | null;
  protocolReason: ProtocolReason | null;
}

export interface DmConversationOptions {
  me: string;
  peer: string;
  api: CacheApi;
  inbox: Nip17Inbox;
  texts: Nip04Texts;
  queue: DecryptQueue;
  sender: DmSender;
  /** The protocol the composer would use now (choice, 10050 list, earlier NIP-17). */
  protocolFor(peer: string): Promise<{ protocol: DmProtocol; reason: ProtocolReason }>;
  setProtocolChoice(peer: string, protocol: DmProtocol | undefined): void;
}

/**
 * One conversation (spec section 4, "Direct messages"): NIP-04 messages from the cache
 * (`get_directmsgs`, pages of 20, both directions) merged in time order with the NIP-17
 * messages of the inbox. Paging never leaves a gap: while older NIP-04 pages exist, nothing older
 * than the oldest loaded NIP-04 message shows. New NIP-17 messages appear as they arrive;
 * `refreshNewer` fetches new NIP-04 ones (called when the contact's unread count rises).
 * Messages sent from here show at once as pending, then sent (first OK) or failed (text kept,
 * `retry`).
 */
export class DmConversation implements Observable<DmConversationSnapshot> {
  readonly peer: string;
  private readonly opts: DmConversationOptions;
  private readonly nip04 = new Map<string, DmMessage>();
  private range: FeedRange | undefined;
  private moreNip04 = true;
  private pages = 1;
  private loading = false;
  private error: string | undefined;
  private protocol: DmProtocol | null = null;
  private reason: ProtocolReason | null = null;
  private readonly outgoing = new Map<string, Outgoing>();
  private readonly unwatch: Array<() => void> = [];
  private readonly state: ValueStore<DmConversationSnapshot>;
  private scheduled = false;
  private closed = false;

  constructor(options: DmConversationOptions) {
    this.opts = options;
    this.peer = options.peer;
    this.state = new ValueStore<DmConversationSnapshot>({
      peer: options.peer,
      messages: [],
      loading: true,
      hasMore: false,
      protocol: null,
      protocolReason: null,
    });
    const again = () => this.schedule();
    this.unwatch.push(options.inbox.subscribe(again));
    this.unwatch.push(options.texts.subscribe(again));
    this.unwatch.push(options.queue.subscribe(again));
  }

  getSnapshot = (): DmConversationSnapshot => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  /** Loads the first page and the protocol of the composer. */
  async open(): Promise<void> {
    void this.updateProtocol();
    await this.loadNip04Page();
  }

  /** Shows 20 more (loading an older NIP-04 page when needed). */
  async loadMore(): Promise<void> {
    if (this.loading) return;
    this.pages += 1;
    while (
      !this.closed &&
      this.moreNip04 &&
      this.shownAboveFrontier() < this.pages * DM_PAGE_SIZE
    ) {
      const before = this.nip04.size;
      await this.loadNip04Page();
      if (this.error || this.nip04.size === before) break;
    }
    this.schedule();
  }

  /** Fetches NIP-04 messages newer than the newest loaded one (the unread count rose). */
  async refreshNewer(): Promise<void> {
    const newest = Math.max(0, ...[...this.nip04.values()].map((m) => m.created_at));
    try {
      const page = await this.opts.api.page('get_directmsgs', {
        receiver: this.opts.me,
        sender: this.peer,
        limit: DM_PAGE_SIZE,
        ...(newest > 0 ? { since: newest } : {}),
      });
      this.addNip04(page.others);
    } catch (e) {
      console.warn('could not refresh the conversation:', (e as Error).message);
    }
  }

  /** The composer's protocol switch (undefined: back to the automatic choice). */
  async setProtocol(protocol: DmProtocol | undefined): Promise<void> {
    this.opts.setProtocolChoice(this.peer, protocol);
    await this.updateProtocol();
  }

  /** Sends `text` with the composer's protocol; the message shows at once as pending. */
  async send(text: string): Promise<Outgoing> {
    const body = text.trim();
    if (!body) throw new Error('empty message');
    const protocol = this.protocol ?? (await this.updateProtocol());
    const out = this.opts.sender.send(this.peer, body, protocol);
    this.track(out);
    // An answer in NIP-17 makes NIP-17 the automatic choice from now on.
    void out.done.then(() => this.updateProtocol());
    return out;
  }

  /** Sends a failed message again (the same signed events when there are some). */
  retry(localId: string): void {
    const out = this.outgoing.get(localId);
    if (out) this.opts.sender.retry(out);
  }

  /** Forgets a failed message (its text is dropped). */
  discard(localId: string): void {
    const out = this.outgoing.get(localId);
    if (!out) return;
    this.opts.sender.discard(out);
    this.outgoing.delete(localId);
    this.schedule();
  }

  /** Retries the messages that failed to decrypt (after the user allowed decrypting, say). */
  retryDecrypt(): void {
    for (const m of this.nip04.values()) this.opts.texts.retry(m.id);
    this.opts.inbox.retryFailed();
  }

  /** Incoming messages of this conversation that the user has on screen. */
  incoming(): DmMessage[] {
    return this.state.getSnapshot().messages.filter((m) => m.sender === this.peer);
  }

  /** Every NIP-17 message of this conversation (also beyond the pages shown). */
  nip17Messages(): readonly DmMessage[] {
    return this.opts.inbox.getSnapshot().byPeer.get(this.peer) ?? [];
  }

  /** The newest `n` incoming NIP-04 messages loaded, with their text states. */
  newestIncomingNip04(n: number): DmMessage[] {
    return [...this.nip04.values()]
      .filter((m) => m.sender === this.peer)
      .sort(byNewest)
      .slice(0, n)
      .map((m) => this.opts.texts.resolve(m, 'now'));
  }

  close(): void {
    this.closed = true;
    for (const u of this.unwatch.splice(0)) u();
    for (const out of this.outgoing.values()) out.stopWatching?.();
  }

  private async updateProtocol(): Promise<DmProtocol> {
    const { protocol, reason } = await this.opts.protocolFor(this.peer);
    this.protocol = protocol;
    this.reason = reason;
    this.schedule();
    return protocol;
  }

  private track(out: Outgoing): void {
    this.outgoing.set(out.localId, out);
    out.stopWatching = out.subscribe(() => {
      const m = out.getSnapshot();
      // A NIP-04 message a relay accepted joins the conversation as the cache will have it.
      if (m.delivery === 'sent' && m.protocol === 'nip04' && m.event) this.addNip04([m.event]);
      this.schedule();
    });
    this.schedule();
  }

  private async loadNip04Page(): Promise<void> {
    if (this.loading || !this.moreNip04) return;
    this.loading = true;
    this.schedule();
    try {
      const next = this.range ? nextPage(this.range, this.nip04Times()) : null;
      if (this.range && !next) {
        this.moreNip04 = false;
        return;
      }
      const page = await this.opts.api.page('get_directmsgs', {
        receiver: this.opts.me,
        sender: this.peer,
        limit: DM_PAGE_SIZE,
        ...(next ? { until: next.until, offset: next.offset } : {}),
      });
      this.error = undefined;
      this.range = page.range;
      const added = this.addNip04(page.others);
      if ((page.range?.elements.length ?? 0) < DM_PAGE_SIZE || added === 0) {
        this.moreNip04 = false;
      }
    } catch (e) {
      this.error = (e as Error).message;
    } finally {
      this.loading = false;
      this.schedule();
    }
  }

  private addNip04(events: readonly NostrEvent[]): number {
    let added = 0;
    for (const e of events) {
      if (this.nip04.has(e.id)) continue;
      const m = nip04Message(e, this.opts.me);
      if (!m || m.peer !== this.peer) continue;
      this.nip04.set(e.id, m);
      added++;
    }
    if (added > 0) this.schedule();
    return added;
  }

  private nip04Times(): number[] {
    return [...this.nip04.values()].map((m) => m.created_at);
  }

  /** Oldest loaded NIP-04 time while older pages exist (nothing older may show), else 0. */
  private frontier(): number {
    if (!this.moreNip04 || this.nip04.size === 0) return 0;
    return Math.min(...this.nip04Times());
  }

  private shownAboveFrontier(): number {
    const f = this.frontier();
    return this.merged().filter((m) => m.created_at >= f).length;
  }

  private merged(): DmMessage[] {
    const byId = new Map<string, DmMessage>();
    for (const m of this.nip04.values()) byId.set(m.id, this.opts.texts.resolve(m, 'now'));
    for (const m of this.nip17Messages()) byId.set(m.id, m);
    for (const out of this.outgoing.values()) {
      const m = out.getSnapshot();
      const known = byId.get(m.id);
      // Sent and arrived through the cache or the relay: the copy there is the message.
      if (m.delivery === 'sent' && known) {
        this.outgoing.delete(out.localId);
        out.stopWatching?.();
        continue;
      }
      byId.set(m.id, m);
    }
    return [...byId.values()].sort(byNewest);
  }

  private schedule(): void {
    if (this.scheduled || this.closed) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      if (!this.closed) this.publish();
    });
  }

  private publish(): void {
    const all = this.merged();
    const f = this.frontier();
    const visible = all.filter((m) => m.created_at >= f);
    const shown = visible.slice(0, this.pages * DM_PAGE_SIZE);
    this.state.set({
      peer: this.peer,
      messages: shown,
      loading: this.loading,
      hasMore: this.moreNip04 || visible.length > shown.length,
      ...(this.error ? { error: this.error } : {}),
      protocol: this.protocol,
      protocolReason: this.reason,
    });
  }
}
