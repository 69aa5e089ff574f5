import {
  chatMessageRumor,
  sealTemplate,
  wrapSeal,
  type NostrEvent,
  type Rumor,
} from '@swell/nostr';
import type { CacheApi } from '../cache/cache-api.ts';
import type { Outbox, OutboxItem } from '../outbox/outbox.ts';
import type { Session } from '../session/session.ts';
import { signUserRequest } from '../settings/user-request.ts';
import { ValueStore, type Observable } from '../store.ts';
import type { WritePath } from '../write/write-path.ts';
import type { DmRelayDirectory } from './dm-relays.ts';
import type { DmMessage, DmProtocol } from './dm-types.ts';

/** A message being sent from this tab: observable as a `DmMessage` with its `delivery`. */
export interface Outgoing extends Observable<DmMessage> {
  readonly localId: string;
  readonly peer: string;
  readonly protocol: DmProtocol;
  /** Resolves when a relay accepted it (never rejects; a failure waits for retry). */
  readonly done: Promise<void>;
  /** Set by the conversation that shows it. */
  stopWatching?: () => void;
}

interface OutgoingState extends Outgoing {
  text: string;
  store: ValueStore<DmMessage>;
  /** The signed events on their way (NIP-04: the kind 4; NIP-17: the wrap to the peer first). */
  events: NostrEvent[];
  rumor?: Rumor;
  resolveDone(): void;
  unwatchOutbox?: () => void;
}

export interface DmSenderOptions {
  me: string;
  session: Pick<Session, 'requireSigner'>;
  api: CacheApi;
  write(): Promise<WritePath>;
  directory: DmRelayDirectory;
  /** A NIP-17 message sent: its own copy goes to the inbox at once. */
  onOwnWrap(wrap: NostrEvent, rumor: Rumor): void;
  /** A NIP-04 message sent: shown through the conversation. */
  onNip04Sent?(event: NostrEvent): void;
  now?: () => number;
}

let counter = 0;

/**
 * Sends direct messages (spec section 4: "sending shows the message at once as pending and
 * confirms it on OK; failure keeps the text and offers retry").
 * - NIP-04: kind 4 encrypted with the signer's NIP-04, tagged with the recipient, through the
 *   outbox to the write relays (and the recipient's read relays), then imported to the cache.
 * - NIP-17: a kind 14 rumor sealed (kind 13, signed by the user) and gift-wrapped (kind 1059,
 *   one-time key) once for the recipient, to their DM relays (10050, else their read relays),
 *   and once for the user's other devices, to the user's DM relays. The user's own copy is
 *   marked read on the server before it is published, so it never counts as unread.
 * Signed events go through the persistent outbox: they are never lost, and retried.
 */
export class DmSender {
  private readonly opts: DmSenderOptions;
  private readonly now: () => number;

  constructor(options: DmSenderOptions) {
    this.opts = options;
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
  }

  send(peer: string, text: string, protocol: DmProtocol): Outgoing {
    const localId = `local-${Date.now().toString(36)}-${++counter}`;
    const createdAt = this.now();
    const store = new ValueStore<DmMessage>({
      id: localId,
      localId,
      peer,
      sender: this.opts.me,
      created_at: createdAt,
      protocol,
      state: 'ok',
      text,
      delivery: 'pending',
    });
    let resolveDone!: () => void;
    const done = new Promise<void>((r) => (resolveDone = r));
    const out: OutgoingState = {
      localId,
      peer,
      protocol,
      text,
      store,
      events: [],
      done,
      resolveDone,
      getSnapshot: store.getSnapshot,
      subscribe: store.subscribe,
    };
    void this.run(out, createdAt);
    return out;
  }

  /** Tries a failed message again: the same events if it was signed, else from the start. */
  retry(outgoing: Outgoing): void {
    const out = outgoing as OutgoingState;
    if (out.store.getSnapshot().delivery !== 'failed') return;
    const { error: _error, ...rest } = out.store.getSnapshot();
    out.store.set({ ...rest, delivery: 'pending' });
    if (out.events.length === 0) {
      void this.run(out, this.now());
      return;
    }
    void this.opts.write().then(async (w) => {
      for (const e of out.events) {
        if (w.outbox.item(e.id)?.status !== 'sent') await w.outbox.retry(e.id);
      }
    });
  }

  /** Drops a failed message (its events leave the outbox). */
  discard(outgoing: Outgoing): void {
    const out = outgoing as OutgoingState;
    out.unwatchOutbox?.();
    void this.opts.write().then(async (w) => {
      for (const e of out.events) await w.outbox.discard(e.id);
    });
  }

  private fail(out: OutgoingState, error: unknown): void {
    out.store.update({
      delivery: 'failed',
      error: String((error as Error)?.message ?? error),
    });
  }

  private async run(out: OutgoingState, createdAt: number): Promise<void> {
    try {
      const write = await this.opts.write();
      if (out.protocol === 'nip04') await this.signNip04(out, createdAt);
      else await this.signNip17(out, createdAt);
      await this.watch(out, write.outbox);
    } catch (e) {
      this.fail(out, e);
    }
  }

  private async signNip04(out: OutgoingState, createdAt: number): Promise<void> {
    const signer = this.opts.session.requireSigner();
    const content = await signer.nip04.encrypt(out.peer, out.text);
    const event = await signer.signEvent({
      kind: 4,
      created_at: createdAt,
      tags: [['p', out.peer]],
      content,
    });
    out.events = [event];
    out.store.update({ id: event.id, event });
    const theirs = await this.opts.directory.relaysOf(out.peer).catch(() => null);
    const write = await this.opts.write();
    await write.outbox.add(
      event,
      write.publisher.targets(event, (theirs?.readRelays ?? []).slice(0, 3)),
    );
  }

  private async signNip17(out: OutgoingState, createdAt: number): Promise<void> {
    const me = this.opts.me;
    const signer = this.opts.session.requireSigner();
    const rumor = chatMessageRumor(me, [out.peer], out.text, createdAt);
    out.rumor = rumor;
    out.store.update({ id: rumor.id });
    const encrypt = (peer: string, text: string) => signer.nip44.encrypt(peer, text);
    const sealFor = async (recipient: string) =>
      signer.signEvent(await sealTemplate(rumor, recipient, encrypt, createdAt));
    const toPeer = wrapSeal(await sealFor(out.peer), out.peer, createdAt);
    const toMe = out.peer === me ? null : wrapSeal(await sealFor(me), me, createdAt);
    out.events = toMe ? [toPeer, toMe] : [toPeer];
    out.store.update({ wrapIds: out.events.map((e) => e.id) });
    if (toMe) {
      // The server cannot tell the user's own copy from a message to them: say it is read.
      try {
        await this.opts.api.page('reset_directmsg_count', {
          event_from_user: await signUserRequest(signer, {}),
          gift_wraps: [toMe.id],
        });
      } catch (e) {
        console.warn('could not mark the own copy of a message read:', (e as Error).message);
      }
    }
    const [theirs, mine] = await Promise.all([
      this.opts.directory.relaysOf(out.peer).catch(() => null),
      this.opts.directory.relaysOf(me).catch(() => null),
    ]);
    const write = await this.opts.write();
    await write.outbox.add(toPeer, theirs?.dmList ?? theirs?.readRelays ?? []);
    if (toMe) await write.outbox.add(toMe, mine?.dmList ?? mine?.readRelays ?? []);
  }

  /** Follows the outbox: pending while sending, sent on the first OK of the peer's copy. */
  private async watch(out: OutgoingState, outbox: Outbox): Promise<void> {
    const first = out.events[0]!;
    const check = () => {
      const item: OutboxItem | undefined = outbox.item(first.id);
      const delivery = out.store.getSnapshot().delivery;
      if (!item) return;
      if (item.status === 'sent' && delivery !== 'sent') {
        out.unwatchOutbox?.();
        out.store.update({ delivery: 'sent' });
        if (out.protocol === 'nip17' && out.rumor) {
          const own = out.events[1] ?? out.events[0]!;
          this.opts.onOwnWrap(own, out.rumor);
        } else {
          this.opts.onNip04Sent?.(first);
        }
        out.resolveDone();
      } else if (item.status === 'failed' && delivery === 'pending') {
        const errors = Object.values(item.lastErrors);
        out.store.update({
          delivery: 'failed',
          error:
            errors[0] ?? (item.lastOutcome === 'timeout' ? 'publish-timeout' : 'publish-failed'),
        });
      } else if (item.status === 'sending' && delivery === 'failed') {
        out.store.update({ delivery: 'pending' });
      }
    };
    out.unwatchOutbox?.();
    out.unwatchOutbox = outbox.subscribe(check);
    check();
  }
}
