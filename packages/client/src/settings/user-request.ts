import type { NostrEvent } from '@swell/nostr';
import type { Signer } from '../signers/signer.ts';

/** The client name in the `d` tag of settings events (kind 30078), as the web app always used. */
export const settingsClientName = 'Swell Web';

/** Kind of settings events and of the signed `event_from_user` of cache requests. */
export const settingsKind = 30078;

/**
 * A signed `event_from_user` for one cache request (kind 30078 tagged with the client name): it
 * proves who asks. Servers refuse old ones (the hardened server wants `created_at` within 5
 * minutes of its clock, and a new one for each state-changing call), so one is signed per call
 * unless the caller reuses a fresh one for reads on purpose.
 */
export function signUserRequest(
  signer: Signer,
  content: Record<string, unknown>,
  createdAt?: number,
): Promise<NostrEvent> {
  return signer.signEvent({
    kind: settingsKind,
    tags: [['d', settingsClientName]],
    content: JSON.stringify(content),
    ...(createdAt !== undefined ? { created_at: createdAt } : {}),
  });
}
