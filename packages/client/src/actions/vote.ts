import { pollResponseTemplate, type Poll } from '@swell/nostr';
import { signAndSend, type ActionContext, type WriteResult } from './action-context.ts';

/**
 * Votes on a NIP-88 poll: a kind 1018 response naming the chosen options, sent to the user's
 * write relays and the poll's `relay` tags (where NIP-88 says responses go). A later response
 * replaces the earlier one (one vote per key, the latest counts). The vote shows at once
 * (`EntityStore.pollView`) and is taken back if signing fails or the user discards it from the outbox.
 */
export async function vote(
  ctx: ActionContext,
  poll: Pick<Poll, 'id' | 'options' | 'type' | 'relays'>,
  optionIds: readonly string[],
): Promise<WriteResult> {
  const template = pollResponseTemplate(poll, optionIds);
  ctx.store.setOwnPollVote(poll.id, optionIds);
  try {
    const sent = await signAndSend(ctx, template, [], poll.relays);
    void sent.result.then((r) => {
      // A failed attempt stays in the outbox and is tried again; a discarded one is gone.
      if (r.status === 'discarded') ctx.store.setOwnPollVote(poll.id, null);
    });
    return sent;
  } catch (e) {
    ctx.store.setOwnPollVote(poll.id, null);
    throw e;
  }
}
