import { eventCoordinate, isHex64, parseCoordinate, type NostrEvent } from '@swell/nostr';
import { ClientError } from '../errors.ts';
import type { ListPlan, ListUpdate } from './list-update.ts';

/** The user's public bookmarks (kind 10003): notes by id (`e`), articles by address (`a`). */
export interface Bookmarks {
  /** Newest first. */
  notes: string[];
  /** Article coordinates `30023:pubkey:identifier`, newest first. */
  articles: string[];
}

/** The bookmarks of a kind 10003 list, newest first (a list appends, so it is read backwards). */
export function bookmarksOf(list: Pick<NostrEvent, 'tags'> | null): Bookmarks {
  const notes: string[] = [];
  const articles: string[] = [];
  const tags = list?.tags ?? [];
  for (let i = tags.length - 1; i >= 0; i--) {
    const t = tags[i]!;
    if (t[0] === 'e' && isHex64(t[1]) && !notes.includes(t[1])) notes.push(t[1]);
    if (
      t[0] === 'a' &&
      typeof t[1] === 'string' &&
      parseCoordinate(t[1]) &&
      !articles.includes(t[1])
    )
      articles.push(t[1]);
  }
  return { notes, articles };
}

/** What a bookmark points at: a note by id, or an addressable event (an article) by address. */
export type BookmarkTarget = Pick<NostrEvent, 'id' | 'kind' | 'pubkey' | 'tags'>;

function tagOf(target: BookmarkTarget, hint: string): string[] {
  if (target.kind >= 30000 && target.kind < 40000) {
    return ['a', eventCoordinate(target), ...(hint ? [hint] : [])];
  }
  return ['e', target.id, ...(hint ? [hint] : [])];
}

/** Why a bookmark action asks first (spec section 4 "Bookmarks"). */
export interface BookmarkConfirmation {
  /** The first public bookmark (bookmarks are visible to everyone), or the last one removed. */
  reason: 'first-bookmark' | 'last-bookmark';
}

export interface BookmarkLoader {
  latestBookmarks(pubkey: string): Promise<NostrEvent | null>;
}

/**
 * Bookmark or remove a bookmark on the latest list. The first public bookmark (a list with no
 * `e`/`a` entries yet) and the removal of the last one ask for confirmation. Other tags (hashtags,
 * URLs) and the encrypted private part are kept as they are.
 */
export function bookmarkUpdate(
  loader: BookmarkLoader,
  me: string,
  action: 'add' | 'remove',
  target: BookmarkTarget,
  relayHint = '',
): ListUpdate<BookmarkConfirmation> {
  const tag = tagOf(target, relayHint);
  const key = tag[1]!;
  if (tag[0] === 'e' && !isHex64(key)) throw new ClientError('list update failed', 'invalid id');
  const isEntry = (t: string[]) => t[0] === tag[0] && t[1] === key;
  return {
    failure: 'list update failed',
    load: () => loader.latestBookmarks(me),
    plan(latest): ListPlan<BookmarkConfirmation> {
      const tags = latest?.tags ?? [];
      const has = tags.some(isEntry);
      if (action === 'add' ? has : !has) return { type: 'unchanged' };
      const next = action === 'add' ? [...tags, tag] : tags.filter((t) => !isEntry(t));
      const template = { kind: 10003, tags: next, content: latest?.content ?? '' };
      const { notes, articles } = bookmarksOf({ tags });
      const count = notes.length + articles.length;
      if (action === 'add' && count === 0) {
        return { type: 'confirm', template, data: { reason: 'first-bookmark' } };
      }
      const left = bookmarksOf({ tags: next });
      if (action === 'remove' && left.notes.length + left.articles.length === 0) {
        return { type: 'confirm', template, data: { reason: 'last-bookmark' } };
      }
      return { type: 'publish', template };
    },
  };
}
