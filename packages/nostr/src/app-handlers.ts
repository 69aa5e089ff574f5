import { isHex64 } from './hex.ts';
import { Kind } from './kinds.ts';
import { getTagValue } from './tags.ts';
import type { Filter, NostrEvent } from './types.ts';

/**
 * Events of kinds a client cannot show: their NIP-31 `alt` summary, and the NIP-89 handlers
 * (kind 31990) and recommendations (kind 31989) that say which application opens them.
 */

/** The NIP-31 `alt` summary of an event (trimmed, at most 500 characters), if any. */
export function altText(event: Pick<NostrEvent, 'tags'>): string | undefined {
  const v = getTagValue(event, 'alt')?.trim();
  return v ? v.slice(0, 500) : undefined;
}

/** NIP-19 entity types a handler URL template may be registered for. */
export type HandlerEntity = 'nevent' | 'naddr' | 'note' | 'nprofile' | 'npub';

export interface HandlerUrl {
  /** `web`, `ios`, `android`, ... (the tag name). */
  platform: string;
  /** The template; `<bech32>` stands for the entity. */
  url: string;
  /** The entity type it is for; undefined: any entity no other template takes. */
  entity?: string;
}

export interface AppHandler {
  id: string;
  pubkey: string;
  identifier: string;
  /** Kinds it handles (`k` tags). */
  kinds: number[];
  /** The kind 0-style metadata of its content (name, picture, about, website, ...), if any. */
  metadata?: {
    name?: string;
    display_name?: string;
    picture?: string;
    about?: string;
    website?: string;
  };
  urls: HandlerUrl[];
}

const NOT_PLATFORMS = new Set(['d', 'k', 'p', 'e', 'a', 't', 'alt', 'client', 'latest', 'next']);

/** Reads a kind 31990 handler; undefined when it is not one or handles no kind. Never throws. */
export function parseAppHandler(event: NostrEvent): AppHandler | undefined {
  if (event.kind !== Kind.AppHandler) return undefined;
  const kinds: number[] = [];
  const urls: HandlerUrl[] = [];
  for (const t of event.tags) {
    const [name, value, entity] = t;
    if (name === 'k' && typeof value === 'string' && /^\d{1,10}$/.test(value)) {
      const k = Number(value);
      if (!kinds.includes(k)) kinds.push(k);
    } else if (
      typeof name === 'string' &&
      !NOT_PLATFORMS.has(name) &&
      typeof value === 'string' &&
      /^[a-z][\w+.-]*:\/\/\S+$/i.test(value) &&
      value.includes('<bech32>')
    ) {
      urls.push({
        platform: name,
        url: value,
        ...(typeof entity === 'string' && entity ? { entity } : {}),
      });
    }
  }
  if (kinds.length === 0) return undefined;
  const handler: AppHandler = {
    id: event.id,
    pubkey: event.pubkey,
    identifier: getTagValue(event, 'd') ?? '',
    kinds,
    urls,
  };
  try {
    const meta = JSON.parse(event.content) as Record<string, unknown>;
    if (meta && typeof meta === 'object' && !Array.isArray(meta)) {
      const m: NonNullable<AppHandler['metadata']> = {};
      for (const k of ['name', 'display_name', 'picture', 'about', 'website'] as const)
        if (typeof meta[k] === 'string' && meta[k]) m[k] = meta[k];
      if (Object.keys(m).length > 0) handler.metadata = m;
    }
  } catch {
    // Empty or not JSON: the author's kind 0 describes the application.
  }
  return handler;
}

/**
 * The link that opens `bech32` (an nevent, naddr, ...) in the application, on `platform`: the
 * template registered for that entity type, else the generic one; undefined when neither.
 */
export function handlerLink(
  handler: Pick<AppHandler, 'urls'>,
  bech32: string,
  platform = 'web',
): string | undefined {
  const type = /^(nevent|naddr|note|nprofile|npub)1/.exec(bech32)?.[1];
  const mine = handler.urls.filter((u) => u.platform === platform);
  const t = mine.find((u) => u.entity === type) ?? mine.find((u) => u.entity === undefined);
  return t?.url.replaceAll('<bech32>', bech32);
}

/** The filter for handlers of a kind (NIP-89's direct query), by the given authors if any. */
export function appHandlerFilter(kind: number, authors?: readonly string[]): Filter {
  const f: Filter = { kinds: [Kind.AppHandler], '#k': [String(kind)] };
  if (authors) f.authors = authors.filter(isHex64);
  return f;
}

/** The filter for recommendations of handlers of a kind by the given users (kind 31989). */
export function appRecommendationFilter(kind: number, authors: readonly string[]): Filter {
  return {
    kinds: [Kind.AppRecommendation],
    '#d': [String(kind)],
    authors: authors.filter(isHex64),
  };
}

export interface AppRecommendation {
  /** The recommended kind (`d`). */
  kind: number;
  /** Handler addresses `31990:pubkey:d`, with the relay hint and platform of each. */
  handlers: Array<{ address: string; relay?: string; platform?: string }>;
}

/** Reads a kind 31989 recommendation; undefined when it is not one. Never throws. */
export function parseAppRecommendation(event: NostrEvent): AppRecommendation | undefined {
  if (event.kind !== Kind.AppRecommendation) return undefined;
  const d = getTagValue(event, 'd');
  if (!d || !/^\d{1,10}$/.test(d)) return undefined;
  const handlers: AppRecommendation['handlers'] = [];
  for (const t of event.tags) {
    if (t[0] !== 'a' || typeof t[1] !== 'string' || !/^31990:[0-9a-f]{64}:/.test(t[1])) continue;
    handlers.push({
      address: t[1],
      ...(typeof t[2] === 'string' && t[2] ? { relay: t[2] } : {}),
      ...(typeof t[3] === 'string' && t[3] ? { platform: t[3] } : {}),
    });
  }
  return { kind: Number(d), handlers };
}
