import { isHex64, type NostrEvent } from '@swell/nostr';
import { ClientError } from '../errors.ts';
import type { ListPlan, ListUpdate } from './list-update.ts';

/** The `d` identifiers of the two moderation lists (kind 30000, cache-protocol.md section 10). */
export const filterListsId = 'mutelists';
export const allowlistId = 'allowlist';

/** Where a subscribed mute list applies: feeds and threads (content), explore and trending. */
export interface FilterScopes {
  content: boolean;
  trending: boolean;
}

/** One subscribed mute list (spec section 3 "Mute/filter-list entry"). */
export interface FilterListEntry extends FilterScopes {
  pubkey: string;
  relay: string;
  petname: string;
}

function scopesOf(text: string | undefined): FilterScopes {
  if (!text) return { content: true, trending: true };
  try {
    const s = JSON.parse(text) as Record<string, unknown>;
    return { content: s.content !== false, trending: s.trending !== false };
  } catch {
    return { content: true, trending: true };
  }
}

/**
 * The filter lists of a kind 30000 `mutelists` event, the user first and always there with both
 * scopes on (spec section 5).
 */
export function filterListsOf(
  list: Pick<NostrEvent, 'tags'> | null,
  me: string,
): FilterListEntry[] {
  const out: FilterListEntry[] = [
    { pubkey: me, relay: '', petname: '', content: true, trending: true },
  ];
  for (const t of list?.tags ?? []) {
    if (t[0] !== 'p' || !isHex64(t[1]) || out.some((e) => e.pubkey === t[1])) continue;
    out.push({ pubkey: t[1], relay: t[2] ?? '', petname: t[3] ?? '', ...scopesOf(t[4]) });
  }
  return out;
}

/** The tags of a filter-list event: the user always first with both scopes on. */
export function filterListTags(entries: readonly FilterListEntry[], me: string): string[][] {
  const tags: string[][] = [['d', filterListsId]];
  const self: FilterListEntry = {
    pubkey: me,
    relay: '',
    petname: '',
    content: true,
    trending: true,
  };
  for (const e of [self, ...entries.filter((x) => x.pubkey !== me)]) {
    tags.push([
      'p',
      e.pubkey,
      e.relay,
      e.petname,
      JSON.stringify({ content: e.content, trending: e.trending }),
    ]);
  }
  return tags;
}

/** The pubkeys of a kind 30000 `allowlist` event. */
export function allowlistOf(list: Pick<NostrEvent, 'tags'> | null): string[] {
  const out: string[] = [];
  for (const t of list?.tags ?? [])
    if (t[0] === 'p' && isHex64(t[1]) && !out.includes(t[1])) out.push(t[1]);
  return out;
}

export interface ModerationListLoader {
  latestFilterLists(pubkey: string): Promise<NostrEvent | null>;
  latestAllowlist(pubkey: string): Promise<NostrEvent | null>;
}

export type FilterListChange =
  | {
      type: 'add';
      pubkey: string;
      scopes?: Partial<FilterScopes>;
      relay?: string;
      petname?: string;
    }
  | { type: 'remove'; pubkey: string }
  | { type: 'update'; pubkey: string; scopes: Partial<FilterScopes> };

/**
 * Adds, removes or re-scopes a subscribed mute list on the latest `mutelists` event. The user's
 * own entry cannot be removed or switched off. Tags other than `d` and `p` are kept.
 */
export function filterListUpdate(
  loader: ModerationListLoader,
  me: string,
  change: FilterListChange,
): ListUpdate {
  if (!isHex64(change.pubkey)) throw new ClientError('list update failed', 'invalid pubkey');
  if (change.pubkey === me && change.type !== 'add') {
    throw new ClientError('list update failed', 'your own list always applies');
  }
  return {
    failure: 'list update failed',
    load: () => loader.latestFilterLists(me),
    plan(latest): ListPlan {
      const entries = filterListsOf(latest, me);
      const i = entries.findIndex((e) => e.pubkey === change.pubkey);
      let next: FilterListEntry[];
      if (change.type === 'add') {
        if (i >= 0) return { type: 'unchanged' };
        next = [
          ...entries,
          {
            pubkey: change.pubkey,
            relay: change.relay ?? '',
            petname: change.petname ?? '',
            content: change.scopes?.content ?? true,
            trending: change.scopes?.trending ?? true,
          },
        ];
      } else if (change.type === 'remove') {
        if (i < 0) return { type: 'unchanged' };
        next = entries.filter((e) => e.pubkey !== change.pubkey);
      } else {
        if (i < 0) throw new ClientError('list update failed', 'not subscribed');
        const updated = { ...entries[i]!, ...change.scopes };
        if (updated.content === entries[i]!.content && updated.trending === entries[i]!.trending)
          return { type: 'unchanged' };
        next = entries.map((e, j) => (j === i ? updated : e));
      }
      const others = (latest?.tags ?? []).filter((t) => t[0] !== 'd' && t[0] !== 'p');
      return {
        type: 'publish',
        template: {
          kind: 30000,
          tags: [...filterListTags(next, me), ...others],
          content: latest?.content ?? '',
        },
      };
    },
  };
}

/** Adds or removes one account of the allowlist (kind 30000 `allowlist`), on the latest list. */
export function allowlistUpdate(
  loader: ModerationListLoader,
  me: string,
  action: 'allow' | 'disallow',
  pubkey: string,
): ListUpdate {
  if (!isHex64(pubkey)) throw new ClientError('list update failed', 'invalid pubkey');
  return {
    failure: 'list update failed',
    load: () => loader.latestAllowlist(me),
    plan(latest): ListPlan {
      const has = allowlistOf(latest).includes(pubkey);
      if (action === 'allow' ? has : !has) return { type: 'unchanged' };
      const rest = (latest?.tags ?? []).filter(
        (t) => t[0] !== 'd' && !(t[0] === 'p' && t[1] === pubkey),
      );
      const tags = [['d', allowlistId], ...rest, ...(action === 'allow' ? [['p', pubkey]] : [])];
      return { type: 'publish', template: { kind: 30000, tags, content: latest?.content ?? '' } };
    },
  };
}
