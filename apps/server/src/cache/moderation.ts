import type { NostrEvent } from '@swell/nostr';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { addressable, replaceableOf } from './queries/events.ts';
import { defaultAppSettings } from './defaults.ts';

/** Where a filter applies: feeds and threads (content) or trending/explore (trending). */
export type ModerationScope = 'content' | 'trending';

export interface Moderation {
  /** Pubkeys whose posts are hidden. */
  blocked: Set<string>;
  /** Why a pubkey is blocked: 'mutelist' or the filter-list owner. */
  reason: Map<string, string>;
}

function pTags(e: NostrEvent | undefined): string[][] {
  return (e?.tags ?? []).filter((t) => t[0] === 'p' && /^[0-9a-f]{64}$/.test(t[1] ?? ''));
}

async function moderationOn(db: Kysely<Database>, user: string): Promise<boolean> {
  const row = await db
    .selectFrom('app_settings')
    .select('event')
    .where('pubkey', '=', user)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row) return defaultAppSettings.applyContentModeration;
  try {
    const content = (JSON.parse(row.event) as { content?: string }).content ?? '{}';
    const settings = JSON.parse(content) as { applyContentModeration?: unknown };
    return settings.applyContentModeration !== false;
  } catch {
    return defaultAppSettings.applyContentModeration;
  }
}

/**
 * The moderation of `user` (cache-protocol.md section 8): when their settings turn moderation
 * on, their mute list (10000), the mute lists of the accounts in their filter lists (30000
 * d=mutelists, p tags with JSON scopes) and minus their allowlist (30000 d=allowlist).
 */
export async function loadModeration(
  db: Kysely<Database>,
  user: string | undefined,
  scope: ModerationScope,
): Promise<Moderation | undefined> {
  if (!user) return undefined;
  if (!(await moderationOn(db, user))) return undefined;
  const blocked = new Set<string>();
  const reason = new Map<string, string>();
  // The three lists are independent: one round trip instead of three.
  const [ownLists, filterLists, allow] = await Promise.all([
    replaceableOf(db, [user], 10000),
    addressable(db, user, 30000, 'mutelists'),
    addressable(db, user, 30000, 'allowlist'),
  ]);
  for (const t of pTags(ownLists.get(user))) {
    blocked.add(t[1]!);
    reason.set(t[1]!, 'mutelist');
  }
  const owners: string[] = [];
  for (const t of pTags(filterLists)) {
    let scopes: Record<string, unknown> = { content: true, trending: true };
    try {
      if (t[4]) scopes = JSON.parse(t[4]) as Record<string, unknown>;
    } catch {
      // unreadable scopes: apply everywhere
    }
    if (scopes[scope] !== false) owners.push(t[1]!);
  }
  if (owners.length > 0) {
    const lists = await replaceableOf(db, owners, 10000);
    for (const [owner, list] of lists) {
      for (const t of pTags(list)) {
        if (!blocked.has(t[1]!)) reason.set(t[1]!, owner);
        blocked.add(t[1]!);
      }
    }
  }
  for (const t of pTags(allow)) {
    blocked.delete(t[1]!);
    reason.delete(t[1]!);
  }
  blocked.delete(user);
  return { blocked, reason };
}

/** Removes posts by blocked authors (and reposts of them). */
export function applyModeration<T extends NostrEvent>(m: Moderation | undefined, posts: T[]): T[] {
  if (!m || m.blocked.size === 0) return posts;
  return posts.filter((e) => {
    if (m.blocked.has(e.pubkey)) return false;
    // a repost of a blocked author (any p tag, as the SQL filter of feeds does)
    if (e.kind === 6 && e.tags.some((t) => t[0] === 'p' && m.blocked.has(t[1] ?? ''))) return false;
    return true;
  });
}
