import type { EventTemplate, NostrEvent } from '@swell/nostr';
import type { OutboxResult } from '../outbox/outbox.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { Publisher } from '../publish/publisher.ts';
import type { Signer } from '../signers/signer.ts';
import type { UserRecordStore } from '../storage/user-record.ts';
import type { EntityStore, OptimisticChange } from '../store/entity-store.ts';
import type { NoteChange } from '../store/note-overlay.ts';

/** What the note actions need (the write path hands it out). */
export interface ActionContext {
  store: EntityStore;
  outbox: Outbox;
  publisher: Publisher;
  records: UserRecordStore;
  /** The signed-in user and their signer (`not-signed-in` for guests and locked keys). */
  session: { readonly pubkey: string | null; requireSigner(): Signer };
  /**
   * Hands the changes shown before signing over to whoever follows the outbox item of this
   * event (`OutboxOverlay.adopt`), so they go on without a flicker; null takes them back.
   */
  adopt?(eventId: string, changes: OptimisticChange[] | null): void;
}

/** A signed event on its way: `result` ends with its first publish attempt. */
export interface WriteResult {
  event: NostrEvent;
  /** sent (first OK true), timeout (no relay confirmed after 8 s), failed, or discarded. */
  result: Promise<OutboxResult>;
}

let counter = 0;

/**
 * The shared path of every action: the optimistic changes show at once (before a remote signer
 * has answered), the event is signed and stored in the outbox (then the outbox-driven overlay
 * takes the changes over under the event's id), and it is sent. Signing failures roll back.
 */
export async function signAndSend(
  ctx: ActionContext,
  template: Omit<EventTemplate, 'created_at'> & { created_at?: number },
  changes: NoteChange[] = [],
  extraRelays: string[] = [],
): Promise<WriteResult> {
  const signer = ctx.session.requireSigner();
  const key = `pending-${Date.now().toString(36)}-${++counter}`;
  const shown = ctx.store.batch(() => changes.map((c, i) => ctx.store.change(`${key}:${i}`, c)));
  let eventId: string | null = null;
  try {
    const event = await signer.signEvent(template);
    eventId = event.id;
    // From here on the outbox item of the event carries the changes (outbox-overlay.ts).
    if (ctx.adopt) ctx.adopt(event.id, shown);
    const { result } = await ctx.outbox.add(event, ctx.publisher.targets(event, extraRelays));
    if (!ctx.adopt) ctx.store.batch(() => shown.forEach((c) => c.rollback()));
    return { event, result };
  } catch (e) {
    if (eventId && ctx.adopt) ctx.adopt(eventId, null);
    ctx.store.batch(() => shown.forEach((c) => c.rollback()));
    throw e;
  }
}

/** The relay hint of a note for tags ('' when unknown). */
export function hintOf(ctx: ActionContext, id: string): string {
  return ctx.store.relayHint(id) ?? '';
}
