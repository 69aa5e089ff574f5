import type { NostrEvent } from '@swell/nostr';
import { ValueStore, type Observable } from '../store.ts';
import { DecryptCancelled, type DecryptPriority, type DecryptQueue } from './decrypt-queue.ts';
import type { DmMessage, DmTextState } from './dm-types.ts';

/** The peer of a kind 4 event for `me`, or undefined when `me` is neither side. */
export function nip04Peer(e: Pick<NostrEvent, 'pubkey' | 'tags'>, me: string): string | undefined {
  const to = e.tags.find((t) => t[0] === 'p' && t[1])?.[1];
  if (e.pubkey === me) return to;
  return to === me ? e.pubkey : undefined;
}

/** A kind 4 event as a message of `me` (text not decrypted yet), or null. */
export function nip04Message(e: NostrEvent, me: string): DmMessage | null {
  if (e.kind !== 4) return null;
  const peer = nip04Peer(e, me);
  if (!peer) return null;
  return {
    id: e.id,
    peer,
    sender: e.pubkey,
    created_at: e.created_at,
    protocol: 'nip04',
    state: 'decrypting',
    event: e,
  };
}

/**
 * Plaintexts of NIP-04 messages, decrypted on demand through the DecryptQueue. Observable by a
 * version number that changes whenever a text arrived or failed. A failure is kept only as a
 * state (the placeholder), never as text; `retry` asks again.
 */
export class Nip04Texts implements Observable<number> {
  private readonly queue: DecryptQueue;
  private readonly failed = new Map<string, string>();
  private readonly asked = new Set<string>();
  private readonly version = new ValueStore(0);

  constructor(queue: DecryptQueue) {
    this.queue = queue;
  }

  getSnapshot = (): number => this.version.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.version.subscribe(l);

  /** The message with its text state, asking the signer when it is not known yet. */
  resolve(m: DmMessage, priority: DecryptPriority): DmMessage {
    const e = m.event;
    if (!e || m.protocol !== 'nip04') return m;
    const text = this.queue.cached('nip04', m.peer, e.content);
    if (text !== undefined) return { ...m, state: 'ok', text };
    const error = this.failed.get(e.id);
    if (error !== undefined) return { ...m, state: 'failed', error };
    if (!this.asked.has(e.id)) this.ask(e.id, m.peer, e.content, priority);
    const state: DmTextState = this.queue.getSnapshot().allowed ? 'decrypting' : 'held';
    return { ...m, state };
  }

  retry(id: string): void {
    if (this.failed.delete(id)) this.bump();
  }

  private ask(id: string, peer: string, payload: string, priority: DecryptPriority): void {
    this.asked.add(id);
    this.queue
      .decrypt('nip04', peer, payload, priority)
      .catch((e: unknown) => {
        if (!(e instanceof DecryptCancelled)) {
          this.failed.set(id, String((e as Error)?.message ?? e));
        }
      })
      .finally(() => {
        this.asked.delete(id);
        this.bump();
      });
  }

  private bump(): void {
    this.version.set(this.version.getSnapshot() + 1);
  }
}
