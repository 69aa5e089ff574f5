import { vote } from '@swell/client';
import type { Poll } from '@swell/nostr';
import { swell } from '@/data/client.ts';
import { notify } from '@/components/ui/notify.ts';
import { requireSigner } from '@/features/write/require-signer.ts';
import { toastOutcome } from '@/features/write/publish-toast.ts';
import { loadWrite } from '@/features/write/write-store.ts';

/**
 * Sends the user's vote (once they can sign: a guest gets the sign-in dialog), says so if it
 * fails, and asks the cache for the tally once a relay has it. Loaded on the first vote.
 * Resolves false when nothing was sent.
 */
export async function sendVote(
  poll: Pick<Poll, 'id' | 'options' | 'type' | 'relays'>,
  optionIds: readonly string[],
  failure: string,
): Promise<boolean> {
  if (!(await requireSigner())) return false;
  const client = swell();
  try {
    const sent = await vote(await loadWrite(), client.store, poll, optionIds);
    void toastOutcome(sent.result, { quietSuccess: true, failure });
    void sent.result.then(() =>
      client
        .ingest(() => client.api.events([poll.id], { user_pubkey: sent.event.pubkey }))
        .catch(() => {}),
    );
    return true;
  } catch {
    notify.error(failure);
    return false;
  }
}
