import type { NostrEvent } from '@swell/nostr';
import type { PublishAttempt } from '../publish/publisher.ts';
import type { ActionContext } from './action-context.ts';

/**
 * Broadcast: sends an existing signed event (anyone's) again to the user's write relays, e.g. a
 * note a relay of theirs lacks. Nothing is signed, so the outbox is not involved; the outcome
 * gives the spec's broadcast success / fail message.
 */
export function broadcast(ctx: ActionContext, event: NostrEvent): PublishAttempt {
  return ctx.publisher.publish(event);
}
