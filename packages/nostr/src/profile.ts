import { Kind } from './kinds.ts';
import { npubEncode } from './nip19.ts';
import type { NostrEvent } from './types.ts';

/** A user as the client shows it (client-spec section 3); missing fields are ''. */
export interface User {
  /** Id of the metadata event ('' for an empty user). */
  id: string;
  pubkey: string;
  npub: string;
  name: string;
  displayName: string;
  about: string;
  picture: string;
  banner: string;
  nip05: string;
  lud06: string;
  lud16: string;
  website: string;
  location: string;
  created_at: number;
  tags: string[][];
  /** The metadata event itself, when there was one. */
  msg?: NostrEvent;
}

const FIELDS = [
  'name',
  'about',
  'picture',
  'banner',
  'nip05',
  'lud06',
  'lud16',
  'website',
  'location',
] as const;

/** A user with blank strings (for pubkeys whose metadata is unknown or unreadable). */
export function emptyUser(pubkey: string): User {
  let npub: string;
  try {
    npub = npubEncode(pubkey);
  } catch {
    npub = '';
  }
  return {
    id: '',
    pubkey,
    npub,
    name: '',
    displayName: '',
    about: '',
    picture: '',
    banner: '',
    nip05: '',
    lud06: '',
    lud16: '',
    website: '',
    location: '',
    created_at: 0,
    tags: [],
  };
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Reads a kind 0 event into a User. `display_name` is exposed as `displayName` (the camelCase
 * key some clients write is accepted too). Content that is not a JSON object gives an empty
 * user and a logged warning. Never throws.
 */
export function parseProfile(event: NostrEvent): User {
  const user = emptyUser(event.pubkey);
  user.id = event.id;
  user.created_at = event.created_at;
  user.tags = event.tags;
  user.msg = event;
  if (event.kind !== Kind.Metadata) {
    console.warn(`parseProfile: event ${event.id} is kind ${event.kind}, not 0`);
    return user;
  }
  let data: unknown;
  try {
    data = JSON.parse(event.content);
  } catch {
    console.warn(`parseProfile: invalid profile JSON in event ${event.id}`);
    return user;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    console.warn(`parseProfile: profile content of event ${event.id} is not an object`);
    return user;
  }
  const record = data as Record<string, unknown>;
  for (const field of FIELDS) user[field] = str(record[field]);
  user.displayName = str(record.display_name) || str(record.displayName);
  return user;
}

/** The best name to show: display name, else name, else a shortened npub. */
export function userDisplayName(user: Pick<User, 'displayName' | 'name' | 'npub'>): string {
  if (user.displayName) return user.displayName;
  if (user.name) return user.name;
  return user.npub ? `${user.npub.slice(0, 10)}…${user.npub.slice(-4)}` : '';
}
