import type { NostrEvent } from '@swell/nostr';
import { normalizeRelayUrl } from './relay-url.ts';

/** At most this many relay hints of one event get a copy of it. */
export const maxHintRelays = 4;

/**
 * Relay hints of an event's e, p, q and a tags (their third element): the relays where the
 * referenced notes and users are found, so replies, mentions and quotes reach them too.
 */
export function relayHints(event: Pick<NostrEvent, 'tags'>, max = maxHintRelays): string[] {
  const out: string[] = [];
  for (const tag of event.tags) {
    if (!['e', 'p', 'q', 'a'].includes(tag[0] ?? '')) continue;
    const hint = tag[2];
    if (!hint) continue;
    const url = normalizeRelayUrl(hint);
    if (url && !out.includes(url)) out.push(url);
    if (out.length >= max) break;
  }
  return out;
}

/** Where an event goes: the write relays, plus a copy to the relay hints of its tags. */
export function publishTargets(event: Pick<NostrEvent, 'tags'>, writeRelays: string[]): string[] {
  const out = new Set<string>();
  for (const url of writeRelays) {
    const n = normalizeRelayUrl(url);
    if (n) out.add(n);
  }
  for (const url of relayHints(event)) out.add(url);
  return [...out];
}
