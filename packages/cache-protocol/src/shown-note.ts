import { EventKind } from './result-kind.ts';

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * The note a feed element shows, for "one card per note" (cache-protocol.md section 4): a
 * repost (kinds 6 and 16) shows the note it reposts (`reposted`, when the page resolved it, else
 * the note of its first e tag); anything else shows itself.
 */
export function shownNoteId(
  element: { id: string; kind: number; tags: string[][] },
  reposted?: { id: string },
): string {
  if (element.kind !== EventKind.Repost && element.kind !== EventKind.GenericRepost) {
    return element.id;
  }
  if (reposted) return reposted.id;
  const e = element.tags.find((t) => t[0] === 'e' && HEX64.test(t[1] ?? ''));
  return e?.[1] ?? element.id;
}
