import {
  commentTemplate,
  highlightTemplate,
  type HighlightInput,
  type NostrEvent,
} from '@swell/nostr';
import type { WritePath } from '../write/write-path.ts';
import type { WriteResult } from './action-context.ts';

/**
 * Comments on an article, or replies to a comment (NIP-22 kind 1111), through the outbox: the
 * user's comment is a note of the store at once (sending, failed or sent), the answered item's
 * reply count rises (outbox-overlay.ts), and the article's discussion model lists it. Kept out
 * of the write path's module: only the article's discussion loads it.
 */
export function comment(
  write: Pick<WritePath, 'publishEvent'>,
  target: NostrEvent,
  content: string,
  author?: string,
): Promise<WriteResult> {
  const { created_at: _, ...template } = commentTemplate({
    content: content.trim(),
    target,
    createdAt: Date.now() / 1000,
    ...(author ? { author } : {}),
  });
  return write.publishEvent(template);
}

/**
 * A highlight (NIP-84 kind 9802) of a passage of an article, optionally with a comment (a quote
 * highlight), through the outbox; the article's discussion model shows it at once.
 */
export function highlight(
  write: Pick<WritePath, 'publishEvent'>,
  input: Omit<HighlightInput, 'createdAt'>,
): Promise<WriteResult> {
  const { created_at: _, ...template } = highlightTemplate({
    ...input,
    createdAt: Date.now() / 1000,
  });
  return write.publishEvent(template);
}
