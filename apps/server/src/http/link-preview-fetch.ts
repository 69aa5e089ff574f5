import type { LinkPreviewResource } from '@swell/cache-protocol';
import { guardedGet, type GetLimits, type Outbound } from '../net/outbound.ts';

export const linkPreviewLimits: GetLimits = {
  timeoutMs: 5000,
  maxBytes: 512 * 1024,
  maxRedirects: 5,
};

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code =
        e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z:_-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    out[m[1]!.toLowerCase()] = decodeEntities(m[3] ?? m[4] ?? m[5] ?? '');
  }
  return out;
}

/** Reads OpenGraph / Twitter / plain HTML metadata and the favicon of a page. */
export function parseHtmlMetadata(html: string, pageUrl: string): LinkPreviewResource {
  const head = html.slice(0, 300_000);
  const meta: Record<string, string> = {};
  for (const m of head.matchAll(/<meta\b[^>]*>/gi)) {
    const a = attrs(m[0]);
    const key = (a.property ?? a.name ?? '').toLowerCase();
    if (key && a.content !== undefined && !(key in meta)) meta[key] = a.content.trim();
  }
  let icon: string | undefined;
  for (const m of head.matchAll(/<link\b[^>]*>/gi)) {
    const a = attrs(m[0]);
    const rel = (a.rel ?? '').toLowerCase().split(/\s+/);
    if (a.href && (rel.includes('icon') || rel.includes('apple-touch-icon'))) {
      icon ??= a.href;
      if (rel.includes('icon')) {
        icon = a.href;
        break;
      }
    }
  }
  const title =
    meta['og:title'] ??
    meta['twitter:title'] ??
    decodeEntities(/<title[^>]*>([^<]*)<\/title>/i.exec(head)?.[1]?.trim() ?? '');
  const description =
    meta['og:description'] ?? meta['twitter:description'] ?? meta.description ?? '';
  const image = meta['og:image'] ?? meta['og:image:url'] ?? meta['twitter:image'] ?? '';
  const abs = (u: string) => {
    try {
      return u ? new URL(u, pageUrl).toString() : '';
    } catch {
      return '';
    }
  };
  return {
    url: pageUrl,
    mimetype: 'text/html',
    md_title: title.slice(0, 500),
    md_description: description.slice(0, 2000),
    md_image: abs(image),
    icon_url: abs(icon ?? '/favicon.ico'),
  };
}

/**
 * Fetches and reads one URL through the fetch guard (the head of a long page is enough); non-HTML
 * answers give a resource with only its type. `privateOk`: see `guardedGet`.
 */
export async function fetchLinkPreview(
  out: Outbound,
  raw: string,
  privateOk = true,
): Promise<LinkPreviewResource> {
  const { url, contentType, body } = await guardedGet(
    out,
    raw,
    linkPreviewLimits,
    'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
    { truncateOk: true, privateOk },
  );
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type && type !== 'text/html' && type !== 'application/xhtml+xml') {
    return {
      url: raw,
      mimetype: type,
      md_title: '',
      md_description: '',
      md_image: type.startsWith('image/') ? url : '',
      icon_url: '',
    };
  }
  return { ...parseHtmlMetadata(body.toString('utf8'), url), url: raw };
}
