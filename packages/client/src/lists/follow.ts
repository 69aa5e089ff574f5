import { isHex64, type NostrEvent } from '@swell/nostr';
import { ClientError } from '../errors.ts';
import type { ListPlan, ListUpdate } from './list-update.ts';

/** Spec section 9: a contact list left with fewer follows than this needs the user's word. */
export const followsThreshold = 2;

/** The pubkeys a contact list (kind 3) follows, in list order, without repeats. */
export function followsOf(list: Pick<NostrEvent, 'tags'> | null | undefined): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const t of list?.tags ?? []) {
    if (t[0] === 'p' && isHex64(t[1]) && !seen.has(t[1])) {
      seen.add(t[1]);
      out.push(t[1]);
    }
  }
  return out;
}

/** What the confirmation dialog shows: the list as it would be published. */
export interface FollowConfirmation {
  action: 'follow' | 'unfollow';
  target: string;
  /** Follows in the latest published list. */
  before: string[];
  /** Follows after the change (fewer than `followsThreshold`). */
  after: string[];
  /** Every tag of the list that would be published. */
  tags: string[][];
}

export interface FollowLoader {
  /** The user's newest contact list from the cache. */
  latestContacts(pubkey: string): Promise<NostrEvent | null>;
}

/**
 * Follow or unfollow as a list update (spec section 4): the change is made to the latest contact
 * list; its other tags (hashtags, relay hints, petnames) and its content (the legacy relay map)
 * are kept. A result with fewer than 2 follows asks for confirmation with the data. Following
 * someone the latest list already has changes nothing; unfollowing yourself or someone the
 * latest list does not have is refused.
 */
export function followUpdate(
  loader: FollowLoader,
  me: string,
  action: 'follow' | 'unfollow',
  target: string,
): ListUpdate<FollowConfirmation> {
  if (!isHex64(target)) throw new ClientError(`${action} failed`, 'invalid pubkey');
  if (action === 'unfollow' && target === me) throw new ClientError('cannot-follow-self');
  return {
    failure: `${action} failed`,
    load: () => loader.latestContacts(me),
    plan(latest): ListPlan<FollowConfirmation> {
      const before = followsOf(latest);
      const has = before.includes(target);
      if (action === 'follow' && has) return { type: 'unchanged' };
      if (action === 'unfollow' && !has) throw new ClientError('not-following');
      const tags =
        action === 'follow'
          ? [...(latest?.tags ?? []), ['p', target]]
          : (latest?.tags ?? []).filter((t) => !(t[0] === 'p' && t[1] === target));
      const template = { kind: 3, tags, content: latest?.content ?? '' };
      const after = followsOf({ tags });
      if (after.length < followsThreshold) {
        return { type: 'confirm', template, data: { action, target, before, after, tags } };
      }
      return { type: 'publish', template };
    },
  };
}
