import type { SuggestedGroup } from '@swell/cache-protocol';
import { isHex64 } from '@swell/nostr';
import { ClientError } from '../errors.ts';
import type { RelaySettings } from '../storage/user-record.ts';
import { relayTagsFromSettings } from '../relay/relay-list.ts';
import { profileContent, validateProfile, type ProfileFields } from './profile-edit.ts';
import type { EventTemplate } from '@swell/nostr';

/** Spec section 9: at most 9 recommended users are shown, presets included. */
export const recommendedUsersShown = 9;

export interface RecommendedUser {
  pubkey: string;
  name: string;
}

/**
 * The follow suggestions of the last step (spec section 5: capped at 9 including presets):
 * presets first, then the members of the server's suggestion groups (`get_suggested_users`), each
 * once, the new account itself never.
 */
export function recommendedUsers(
  groups: readonly SuggestedGroup[],
  presets: readonly RecommendedUser[] = [],
  exclude: readonly string[] = [],
  cap = recommendedUsersShown,
): RecommendedUser[] {
  const out: RecommendedUser[] = [];
  const seen = new Set(exclude);
  const take = (u: RecommendedUser) => {
    if (out.length >= cap || !isHex64(u.pubkey) || seen.has(u.pubkey)) return;
    seen.add(u.pubkey);
    out.push({ pubkey: u.pubkey, name: typeof u.name === 'string' ? u.name : '' });
  };
  presets.forEach(take);
  for (const g of groups) for (const m of g.members ?? []) take(m);
  return out;
}

export interface NewAccountEvents {
  profile: Omit<EventTemplate, 'created_at'>;
  contacts: Omit<EventTemplate, 'created_at'>;
  relays: Omit<EventTemplate, 'created_at'>;
}

/**
 * The three events a new account publishes: its profile (kind 0, names required and checked),
 * its contact list (kind 3: itself, so its own notes show in Latest, and the picked follows), and
 * its relay list (kind 10002, NIP-65).
 */
export function newAccountEvents(
  pubkey: string,
  fields: ProfileFields,
  follows: readonly string[],
  relays: RelaySettings,
): NewAccountEvents {
  const errors = validateProfile(fields, { requireNames: true });
  const first = Object.values(errors)[0];
  if (first) throw new ClientError(first);
  const picked = [...new Set(follows.filter((pk) => isHex64(pk) && pk !== pubkey))];
  return {
    profile: { kind: 0, tags: [], content: profileContent(null, fields) },
    contacts: { kind: 3, tags: [pubkey, ...picked].map((pk) => ['p', pk]), content: '' },
    relays: { kind: 10002, tags: relayTagsFromSettings(relays), content: '' },
  };
}
