import { tokenize } from '@swell/nostr';

/**
 * A one-line plain summary of a note for lists (sidebars): the first non-empty line, mentions
 * and media left out, links shown by host, cut at `max` characters.
 */
export function summaryText(content: string, tags: string[][] = [], max = 90): string {
  const parts: string[] = [];
  for (const s of tokenize(content, tags)) {
    if (s.type === 'linebreak') {
      if (parts.join('').trim()) break;
      continue;
    }
    if (s.type === 'text' || s.type === 'hashtag') parts.push(s.text);
    else if (s.type === 'link') {
      try {
        parts.push(new URL(s.url).host);
      } catch {
        parts.push(s.text);
      }
    }
  }
  const text = parts.join('').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * A note's text for previews (a quoted note's card): every line, links shown by host, media,
 * embeds and nostr: mentions left out, blank runs collapsed.
 */
export function plainText(content: string, tags: string[][] = []): string {
  const parts: string[] = [];
  for (const s of tokenize(content, tags)) {
    if (s.type === 'text' || s.type === 'hashtag') parts.push(s.text);
    else if (s.type === 'linebreak') parts.push(' ');
    else if (s.type === 'link') {
      try {
        parts.push(new URL(s.url).host);
      } catch {
        parts.push(s.text);
      }
    }
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}
