import { extractHashtags, nip19 } from '@swell/nostr';

/** The `@name` being typed just before the caret (what the mention autocomplete searches). */
export interface MentionQuery {
  /** Index of the `@`. */
  start: number;
  /** The caret (end of the query). */
  end: number;
  query: string;
}

/**
 * The mention being typed at `caret`: an `@` at the start or after whitespace/punctuation,
 * followed by 1-32 name characters up to the caret. Null otherwise (e-mail addresses, `@ `).
 */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const m = /(^|[\s([{])@([\p{L}\p{N}_.-]{1,32})$/u.exec(before);
  if (!m) return null;
  const query = m[2]!;
  return { start: caret - query.length - 1, end: caret, query };
}

/** An edit of the composer's text: the new text and where the caret goes. */
export interface TextEdit {
  text: string;
  caret: number;
}

/** Replaces the typed `@query` with the user's `nostr:nprofile1…` reference (and a space). */
export function insertMention(text: string, mention: MentionQuery, pubkey: string): TextEdit {
  const ref = `nostr:${nip19.encode({ type: 'nprofile', data: { pubkey } })} `;
  const next = text.slice(0, mention.start) + ref + text.slice(mention.end).replace(/^ /, '');
  return { text: next, caret: mention.start + ref.length };
}

/** Inserts text (an emoji) at the selection, replacing what is selected. */
export function insertAt(text: string, start: number, end: number, insert: string): TextEdit {
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}

/** The hashtags of a text, lower-cased and once each: the `t` tags the note will carry. */
export function hashtagsOf(text: string): string[] {
  return [...new Set(extractHashtags(text).map((t) => t.toLowerCase()))];
}

/** True when the composer has something to post (not only whitespace). */
export function canPost(text: string): boolean {
  return text.trim().length > 0;
}

/**
 * The note's text with the URLs of its uploaded files: each on its own line after the text
 * (in the order attached), unless the user already placed it in the text.
 */
export function withMediaUrls(text: string, urls: readonly string[]): string {
  const missing = [...new Set(urls)].filter((u) => !text.includes(u));
  if (missing.length === 0) return text;
  const body = text.trimEnd();
  return body ? `${body}\n${missing.join('\n')}` : missing.join('\n');
}
