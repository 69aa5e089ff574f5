import { serializeEvent, validateEvent, verifySchnorr, type NostrEvent } from '@swell/nostr';

/**
 * Checks a signed event carrying a large content (an upload chunk: about 1.4 MB) without holding
 * the event loop: the id's SHA-256 runs on the thread pool (WebCrypto), then the BIP-340
 * signature over that id. The pure-JS path would block the loop ~90 ms per chunk on this
 * machine, for every other user too. Resolves the event, or a reason.
 */
export async function verifyLargeEvent(
  input: unknown,
): Promise<{ ok: true; event: NostrEvent } | { ok: false; reason: string }> {
  const checked = validateEvent(input);
  if (!checked.ok) return { ok: false, reason: checked.reason };
  const event = checked.event;
  const digest = await crypto.subtle.digest('SHA-256', Buffer.from(serializeEvent(event), 'utf8'));
  if (Buffer.from(digest).toString('hex') !== event.id) return { ok: false, reason: 'bad id' };
  if (!verifySchnorr(event.sig, event.id, event.pubkey))
    return { ok: false, reason: 'bad signature' };
  return { ok: true, event };
}
