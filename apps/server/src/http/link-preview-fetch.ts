import type { LinkPreviewResource } from '@swell/cache-protocol';
import { assertPublicUrl } from '../cache/address-guard.ts';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const linkPreviewLimits: FetchLimits = {
  timeoutMs: 5000,
  maxBytes: 512 * 1024,
  maxRedirects: 5,
};

/**
 * GETs a URL with a timeout, a body size cap and manual redirects, each hop checked against
 * private addresses unless `allowPrivate`. Resolves the final URL, content type and body text.
 */
export async function guardedFetch(
  raw: string,
  allowPrivate: boolean,
  limits: FetchLimits,
  accept = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
): Promise<{ url: string; contentType: string; body: Buffer }> {
  let url = await assertPublicUrl(raw, allowPrivate, ['http:', 'https:']);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  for (let hop = 0; ; hop++) {
    const res = await fetch(url, {
      redirect: 'manual',
      signal,
      headers: { 'user-agent': 'SwellLinkPreview/1.0 (+https://github.com/swell)', accept },
    });
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      await res.body?.cancel();
      if (hop >= limits.maxRedirects) throw new Error('too many redirects');
      url = await assertPublicUrl(
        new URL(res.headers.get('location')!, url).toString(),
        allowPrivate,
        ['http:', 'https:'],
      );
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`upstream answered ${res.status}`);
    }
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > limits.maxBytes && !accept.startsWith('text/html')) throw new Error('too large');
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = res.body?.getReader();
    if (reader) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > limits.maxBytes) {
          await reader.cancel();
          // HTML: the head (where the metadata lives) is enough; anything else is refused.
          if (!accept.startsWith('text/html')) throw new Error('too large');
          chunks.push(Buffer.from(value));
          break;
        }
        chunks.push(Buffer.from(value));
      }
    }
    return {
      url: url.toString(),
      contentType: res.headers.get('content-type') ?? '',
      body: Buffer.concat(chunks),
    };
  }
}

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

/** Fetches and reads one URL; non-HTML answers give a resource with only its type. */
export async function fetchLinkPreview(
  raw: string,
  allowPrivate: boolean,
): Promise<LinkPreviewResource> {
  const { url, contentType, body } = await guardedFetch(raw, allowPrivate, linkPreviewLimits);
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
