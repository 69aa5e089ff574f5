import {
  getTagValue,
  nip19,
  parseArticle,
  parseProfile,
  userDisplayName,
  type NostrEvent,
} from '@swell/nostr';
import type { ServerContext } from '../context.ts';
import { byCoordinates, eventsByIds, replaceableOf } from '../cache/queries/events.ts';
import { isReservedName } from '../membership/reserved-names.ts';
import { normaliseName } from '../names/name-registry.ts';

/** What a shared link shows in other apps (Open Graph and Twitter cards). */
export interface PageMeta {
  type: 'article' | 'profile' | 'website';
  title: string;
  description: string;
  image?: string;
  /** The page's own absolute URL. */
  url: string;
}

/** What a path of the app points at, before looking it up. */
type Target =
  | { kind: 'event'; id: string }
  | { kind: 'address'; coordinate: string }
  | { kind: 'profile'; pubkey: string }
  | { kind: 'name'; name: string; identifier?: string };

const HEX64 = /^[0-9a-f]{64}$/;

function entityOf(segment: string): Target | undefined {
  if (HEX64.test(segment)) return undefined;
  try {
    const e = nip19.decode(segment);
    switch (e.type) {
      case 'note':
        return { kind: 'event', id: e.data };
      case 'nevent':
        return { kind: 'event', id: e.data.id };
      case 'naddr':
        return {
          kind: 'address',
          coordinate: `${e.data.kind}:${e.data.pubkey}:${e.data.identifier}`,
        };
      case 'npub':
        return { kind: 'profile', pubkey: e.data };
      case 'nprofile':
        return { kind: 'profile', pubkey: e.data.pubkey };
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}

/** The target of an app path (`/e/…`, `/thread/…`, `/p/…`, `/profile/…`, `/:name[/:identifier]`). */
export function pageTarget(path: string): Target | undefined {
  let parts: string[];
  try {
    parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const [first, second, ...rest] = parts;
  if (!first || rest.length > 0) return undefined;
  if (first === 'e' || first === 'thread') {
    if (!second) return undefined;
    return HEX64.test(second) ? { kind: 'event', id: second } : entityOf(second);
  }
  if (first === 'p' || first === 'profile') {
    if (!second) return undefined;
    const t = HEX64.test(second) ? { kind: 'profile' as const, pubkey: second } : entityOf(second);
    return t?.kind === 'profile' ? t : undefined;
  }
  // The app's own screens and the server's paths are never a member's name.
  if (isReservedName(first)) return undefined;
  const name = normaliseName(first);
  if (!name) return undefined;
  return second ? { kind: 'name', name, identifier: second } : { kind: 'name', name };
}

const IMAGE_URL = /https?:\/\/[^\s<>"']+\.(?:jpe?g|png|gif|webp|avif)(?:\?[^\s<>"']*)?/i;

/** The first picture of a note: its `imeta` url, else the first image link in its text. */
function firstImage(event: NostrEvent): string | undefined {
  for (const tag of event.tags) {
    if (tag[0] !== 'imeta') continue;
    for (const part of tag.slice(1)) if (part.startsWith('url ')) return part.slice(4).trim();
  }
  return getTagValue(event, 'image') ?? event.content.match(IMAGE_URL)?.[0];
}

/**
 * Plain text for a description: links to Nostr entities and pictures and markdown marks left out,
 * at most `max` characters.
 */
export function plainSummary(text: string, max = 200): string {
  const plain = text
    .replace(/nostr:[a-z0-9]+/gi, '')
    .replace(new RegExp(IMAGE_URL.source, 'gi'), '')
    // Markdown (articles): heading and quote marks, emphasis, links' targets.
    .replace(/^\s*(?:#{1,6}|>)\s*/gm, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

function httpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The social preview of an app path, from what the server holds (null: a path of no note,
 * article or profile, or one the server does not know). Deleted events are gone from the store,
 * so they have no preview.
 */
export async function pageMeta(
  ctx: ServerContext,
  path: string,
  origin: string,
): Promise<PageMeta | null> {
  const target = pageTarget(path);
  if (!target) return null;
  const db = ctx.store.db;
  const url = `${origin}${path}`;
  let pubkey: string | undefined;
  let event: NostrEvent | undefined;
  if (target.kind === 'event') {
    event = (await eventsByIds(db, [target.id]))[0];
  } else if (target.kind === 'address') {
    event = (await byCoordinates(db, [target.coordinate]))[0];
  } else if (target.kind === 'profile') {
    pubkey = target.pubkey;
  } else {
    pubkey = (await ctx.names.lookup(target.name)) ?? undefined;
    if (pubkey && target.identifier)
      event = (await byCoordinates(db, [`30023:${pubkey}:${target.identifier}`]))[0];
    if (target.identifier && !event) return null;
  }
  pubkey = event?.pubkey ?? pubkey;
  if (!pubkey) return null;
  const kind0 = (await replaceableOf(db, [pubkey], 0)).get(pubkey);
  const author = kind0 ? parseProfile(kind0) : undefined;
  const name = author ? userDisplayName(author) : '';
  const picture = httpUrl(author?.picture);
  if (!event) {
    if (!kind0) return null;
    return {
      type: 'profile',
      title: name || 'Swell',
      description: plainSummary(author?.about ?? ''),
      ...(picture ? { image: picture } : {}),
      url,
    };
  }
  const article = parseArticle(event);
  if (article) {
    const image = httpUrl(article.image) ?? picture;
    return {
      type: 'article',
      title: article.title || (name ? `An article by ${name}` : 'An article on Swell'),
      description: plainSummary(article.summary || article.content),
      ...(image ? { image } : {}),
      url,
    };
  }
  const image = httpUrl(firstImage(event)) ?? picture;
  return {
    type: 'article',
    title: name ? `${name} on Swell` : 'A note on Swell',
    description: plainSummary(getTagValue(event, 'alt') ?? event.content),
    ...(image ? { image } : {}),
    url,
  };
}

function escapeAttr(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * The app's HTML with the page's title, description and social card tags (Open Graph and
 * Twitter) in its head, in place of the generic title and description.
 */
export function withMeta(html: string, meta: PageMeta): string {
  const title = escapeAttr(meta.title);
  const description = escapeAttr(meta.description);
  const tags = [
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:site_name" content="Swell" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeAttr(meta.url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeAttr(meta.image)}" />`] : []),
    `<meta name="twitter:card" content="${meta.image && meta.type !== 'profile' ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    ...(meta.image ? [`<meta name="twitter:image" content="${escapeAttr(meta.image)}" />`] : []),
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', `  ${tags}\n  </head>`);
}
