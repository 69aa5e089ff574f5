import type { EventTemplate, NostrEvent } from '@swell/nostr';
import { ClientError, isClientError, type ClientErrorCode } from '../errors.ts';
import type { PublishAttempt } from '../publish/publisher.ts';
import type { Signer } from '../signers/signer.ts';

/** What a list action needs: the latest list from the cache, a signer, a way to publish. */
export interface ListWriteContext {
  session: { readonly pubkey: string | null; requireSigner(): Signer };
  /** Publishes one signed event (the publisher: write relays, or the cache in proxy mode). */
  publish(event: NostrEvent): PublishAttempt | Promise<PublishAttempt>;
  now?: () => number;
}

/** The new list to publish, or why nothing is published. */
export type ListPlan<C = never> =
  | { type: 'publish'; template: Omit<EventTemplate, 'created_at'> }
  | { type: 'unchanged' }
  /** The action needs the user's word first (spec section 4); `data` is shown to them. */
  | { type: 'confirm'; data: C; template: Omit<EventTemplate, 'created_at'> };

export interface ListUpdate<C = never> {
  /** The newest list, fetched from the cache right now (null: the user has none yet). */
  load(): Promise<NostrEvent | null>;
  /** The change applied to that list (may throw a rule error). */
  plan(latest: NostrEvent | null, confirmed: boolean): ListPlan<C> | Promise<ListPlan<C>>;
  /** The catalogue code a failed publish is reported with (e.g. `follow failed`). */
  failure: ClientErrorCode;
}

/** How a list action ended. */
export type ListOutcome<C = never> =
  | { status: 'published'; event: NostrEvent; previous: NostrEvent | null }
  | { status: 'unchanged'; latest: NostrEvent | null }
  | {
      status: 'confirm';
      data: C;
      /** Publishes after the user agreed (fetching the latest list again first). */
      confirm(): Promise<ListOutcome<C>>;
    };

/** Tries before giving up when the list keeps changing under us (another device writing). */
const attempts = 3;

/**
 * The one path of every list action (spec section 4): fetch the latest list, apply the change,
 * sign, check that nobody replaced the list while we signed (an extension or a remote signer can
 * take seconds; if someone did, the change is applied again on top of theirs), publish, and only
 * then report success, so the caller updates its local state only on success. A `created_at`
 * after the list it builds on keeps the new list the newest even within the same second.
 */
export async function updateList<C>(
  ctx: ListWriteContext,
  update: ListUpdate<C>,
  confirmed = false,
): Promise<ListOutcome<C>> {
  const signer = ctx.session.requireSigner();
  const now = ctx.now ?? Date.now;
  for (let i = 0; i < attempts; i++) {
    const base = await load(update);
    const plan = await update.plan(base, confirmed);
    if (plan.type === 'unchanged') return { status: 'unchanged', latest: base };
    if (plan.type === 'confirm' && !confirmed) {
      return {
        status: 'confirm',
        data: plan.data,
        confirm: () => updateList(ctx, update, true),
      };
    }
    const created_at = Math.max(Math.floor(now() / 1000), (base?.created_at ?? 0) + 1);
    let event: NostrEvent;
    try {
      event = await signer.signEvent({ ...plan.template, created_at });
    } catch (e) {
      throw isClientError(e) ? e : new ClientError(update.failure, (e as Error).message);
    }
    const again = await load(update);
    if ((again?.id ?? null) !== (base?.id ?? null)) continue;
    const attempt = await ctx.publish(event);
    const outcome = await attempt.outcome;
    if (outcome.status !== 'sent') throw new ClientError(update.failure, outcome.status);
    // The cache knows the new list before anyone reads it again.
    await attempt.settled;
    return { status: 'published', event, previous: base };
  }
  throw new ClientError(update.failure, 'the list kept changing while it was being saved');
}

async function load(update: ListUpdate<unknown>): Promise<NostrEvent | null> {
  try {
    return await update.load();
  } catch (e) {
    // Without the latest list nothing is changed: a list built on a stale copy loses entries.
    throw new ClientError(
      update.failure,
      `could not fetch the latest list: ${(e as Error).message}`,
    );
  }
}

/** The newest of several copies of one replaceable list (what the cache and relays agree on). */
export function newest(events: readonly NostrEvent[]): NostrEvent | null {
  let best: NostrEvent | null = null;
  for (const e of events) {
    if (
      !best ||
      e.created_at > best.created_at ||
      (e.created_at === best.created_at && e.id < best.id)
    )
      best = e;
  }
  return best;
}
