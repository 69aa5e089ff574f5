/**
 * Feed specs of `mega_feed_directive` (cache-protocol.md section 5). The spec travels as a JSON
 * string; `parseFeedSpec` validates it and returns a typed spec, or null (`invalid spec format`).
 */
export type FeedSpec =
  | { id: 'latest'; kind: 'notes'; include_replies?: boolean }
  | { id: 'global-trending'; kind: 'notes'; hours: number }
  | { id: 'most-zapped'; kind: 'notes'; hours: number }
  | { id: 'all-notes'; kind: 'notes'; include_replies?: boolean }
  | {
      id: 'feed';
      kind: 'notes';
      pubkey: string;
      notes: 'authored' | 'replies' | 'bookmarks' | 'user_media_thumbnails';
      kinds?: number[];
    }
  | { id: 'nostr-reads-feed'; kind: 'reads' }
  | { id: 'reads-topic'; kind: 'reads'; topic: string }
  | { id: 'reads-scope'; kind: 'reads'; scope: 'follows' | 'zappedbyfollows' }
  | { id: 'advsearch'; query: string }
  | { id: 'explore-media' }
  | { id: 'explore-zaps' };

const HEX64 = /^[0-9a-f]{64}$/;

function positiveHours(v: unknown, fallback: number): number | null {
  if (v === undefined) return fallback;
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 && n <= 24 * 365 ? n : null;
}

export function parseFeedSpec(spec: unknown): FeedSpec | null {
  let s: unknown = spec;
  if (typeof spec === 'string') {
    try {
      s = JSON.parse(spec);
    } catch {
      return null;
    }
  }
  if (typeof s !== 'object' || s === null || Array.isArray(s)) return null;
  const o = s as Record<string, unknown>;
  const id = o.id;
  if (o.kind === 'reads' && (id === undefined || id === 'reads-topic' || id === 'reads-scope')) {
    if (typeof o.topic === 'string' && o.topic.trim() !== '')
      return { id: 'reads-topic', kind: 'reads', topic: o.topic.trim().replace(/^#/, '') };
    if (o.scope === 'follows' || o.scope === 'zappedbyfollows')
      return { id: 'reads-scope', kind: 'reads', scope: o.scope };
    if (id === undefined) return { id: 'nostr-reads-feed', kind: 'reads' };
    return null;
  }
  switch (id) {
    case 'latest':
    case 'all-notes':
      if (o.kind !== undefined && o.kind !== 'notes') return null;
      return {
        id,
        kind: 'notes',
        ...(typeof o.include_replies === 'boolean' ? { include_replies: o.include_replies } : {}),
      };
    case 'global-trending':
    case 'most-zapped': {
      if (o.kind !== undefined && o.kind !== 'notes') return null;
      const hours = positiveHours(o.hours, id === 'global-trending' ? 24 : 4);
      return hours === null ? null : { id, kind: 'notes', hours };
    }
    case 'feed': {
      if (typeof o.pubkey !== 'string' || !HEX64.test(o.pubkey)) return null;
      const notes = o.notes ?? 'authored';
      if (
        notes !== 'authored' &&
        notes !== 'replies' &&
        notes !== 'bookmarks' &&
        notes !== 'user_media_thumbnails'
      )
        return null;
      let kinds: number[] | undefined;
      if (o.kinds !== undefined) {
        if (!Array.isArray(o.kinds) || !o.kinds.every((k) => Number.isInteger(k) && k >= 0))
          return null;
        kinds = o.kinds as number[];
      }
      return { id, kind: 'notes', pubkey: o.pubkey, notes, ...(kinds ? { kinds } : {}) };
    }
    case 'nostr-reads-feed':
      return { id, kind: 'reads' };
    case 'advsearch':
      return typeof o.query === 'string' && o.query.trim() !== '' ? { id, query: o.query } : null;
    case 'explore-media':
    case 'explore-zaps':
      return { id };
    default:
      return null;
  }
}
