import { pollResponseTemplate, type Poll } from '@swell/nostr';
import type { EntityStore } from '../store/entity-store.ts';
import type { WritePath } from '../write/write-path.ts';
import type { WriteResult } from './action-context.ts';

/**
 * Votes on a NIP-88 poll: a kind 1018 response naming the chosen options, sent through the
 * outbox to the user's write relays and the poll's `relay` tags (where NIP-88 says responses
 * go). A later response replaces the earlier one (one vote per key, the latest counts). The vote
 * shows at once (`EntityStore.pollView`) and is taken back if signing fails or the user discards
 * it from the outbox. Kept out of the write path's module: only a poll's renderer loads it.
 */
export async function vote(
  write: Pick<WritePath, 'publishEvent'>,
  store: EntityStore,
  poll: Pick<Poll, 'id' | 'options' | 'type' | 'relays'>,
  optionIds: readonly string[],
): Promise<WriteResult> {
  const template = pollResponseTemplate(poll, optionIds);
  store.setOwnPollVote(poll.id, optionIds);
  try {
    const sent = await write.publishEvent(template, poll.relays);
    void sent.result.then((r) => {
      // A failed attempt stays in the outbox and is tried again; a discarded one is gone.
      if (r.status === 'discarded') store.setOwnPollVote(poll.id, null);
    });
    return sent;
  } catch (e) {
    store.setOwnPollVote(poll.id, null);
    throw e;
  }
}
