import type { NostrEvent } from './types.ts';

type Tagged = Pick<NostrEvent, 'tags'>;

/** The second element of the first tag named `name`, or undefined. */
export function getTagValue(event: Tagged, name: string): string | undefined {
  for (const tag of event.tags) {
    if (tag[0] === name && typeof tag[1] === 'string') return tag[1];
  }
  return undefined;
}

/** The second elements of every tag named `name`. */
export function getTagValues(event: Tagged, name: string): string[] {
  const out: string[] = [];
  for (const tag of event.tags) {
    if (tag[0] === name && typeof tag[1] === 'string') out.push(tag[1]);
  }
  return out;
}

/** The `d` tag value of an addressable event ('' when absent, as NIP-01 says). */
export function getDTag(event: Tagged): string {
  return getTagValue(event, 'd') ?? '';
}

/** The address of an event: `kind:pubkey:d`. */
export function eventCoordinate(event: Pick<NostrEvent, 'kind' | 'pubkey' | 'tags'>): string {
  return `${event.kind}:${event.pubkey}:${getDTag(event)}`;
}

/** Splits `kind:pubkey:identifier` (identifier may contain ':'), or undefined. */
export function parseCoordinate(
  coordinate: string,
): { kind: number; pubkey: string; identifier: string } | undefined {
  const m = /^(\d+):([0-9a-f]{64}):(.*)$/s.exec(coordinate);
  if (!m) return undefined;
  return { kind: Number(m[1]), pubkey: m[2]!, identifier: m[3]! };
}
