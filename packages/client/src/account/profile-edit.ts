import type { NostrEvent } from '@swell/nostr';
import type { ClientErrorCode } from '../errors.ts';
import type { ListPlan, ListUpdate } from '../lists/list-update.ts';
import { isLightningAddress, isNip05Identifier } from './internet-identifier.ts';

/** The fields of a profile (kind 0) the edit form and account creation write. */
export interface ProfileFields {
  name: string;
  display_name: string;
  about: string;
  picture: string;
  banner: string;
  website: string;
  nip05: string;
  lud16: string;
}

export const profileFieldNames: readonly (keyof ProfileFields)[] = [
  'name',
  'display_name',
  'about',
  'picture',
  'banner',
  'website',
  'nip05',
  'lud16',
];

export const emptyProfileFields = (): ProfileFields => ({
  name: '',
  display_name: '',
  about: '',
  picture: '',
  banner: '',
  website: '',
  nip05: '',
  lud16: '',
});

/** Spec section 5: a username has no spaces or special characters (letters, digits, `_`). */
export const usernamePattern = /^[\p{L}\p{N}_]+$/u;

export function validateUsername(name: string): ClientErrorCode | null {
  const n = name.trim();
  if (n === '') return 'username-required';
  if (!usernamePattern.test(n) || n.length > 64) return 'username-invalid';
  return null;
}

const isWebUrl = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.length > 0;
  } catch {
    return false;
  }
};

export type ProfileErrors = Partial<Record<keyof ProfileFields, ClientErrorCode>>;

/**
 * Checks the fields (spec section 5): username and display name required when creating an
 * account (`requireNames`); when editing, a username is checked only if it changed from
 * `original`, so an older profile with a spaced name can still be saved as it is. URLs must be
 * http(s), NIP-05 and lightning addresses `name@host[:port]` as their specs allow
 * (internet-identifier.ts). Empty optional fields are fine.
 */
export function validateProfile(
  fields: ProfileFields,
  options: { requireNames?: boolean; original?: Partial<ProfileFields> } = {},
): ProfileErrors {
  const errors: ProfileErrors = {};
  const nameChanged = options.original?.name?.trim() !== fields.name.trim();
  if (options.requireNames || (nameChanged && fields.name.trim() !== '')) {
    const e = validateUsername(fields.name);
    if (e) errors.name = e;
  }
  if (options.requireNames && fields.display_name.trim() === '') {
    errors.display_name = 'display-name-required';
  }
  for (const f of ['picture', 'banner', 'website'] as const) {
    const v = fields[f].trim();
    if (v !== '' && !isWebUrl(v)) errors[f] = 'invalid-url';
  }
  if (fields.nip05.trim() !== '' && !isNip05Identifier(fields.nip05))
    errors.nip05 = 'invalid-nip05';
  if (fields.lud16.trim() !== '' && !isLightningAddress(fields.lud16))
    errors.lud16 = 'invalid-lud16';
  return errors;
}

/** The fields of a kind 0 event (blank where missing or unreadable). */
export function profileFieldsOf(
  event: Pick<NostrEvent, 'content'> | null | undefined,
): ProfileFields {
  const out = emptyProfileFields();
  const c = parseContent(event?.content);
  for (const f of profileFieldNames) if (typeof c[f] === 'string') out[f] = c[f];
  if (!out.display_name && typeof c.displayName === 'string') out.display_name = c.displayName;
  return out;
}

function parseContent(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const c = JSON.parse(text) as unknown;
    return typeof c === 'object' && c !== null && !Array.isArray(c)
      ? (c as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * The content of the new kind 0: the latest profile's other fields (lud06, bot, pronouns, what
 * other clients added) kept, the edited ones replaced, empty ones removed; `displayName` follows
 * `display_name` for clients that read the old name.
 */
export function profileContent(
  latest: Pick<NostrEvent, 'content'> | null,
  fields: ProfileFields,
): string {
  const c: Record<string, unknown> = { ...parseContent(latest?.content) };
  for (const f of profileFieldNames) {
    const v = fields[f].trim();
    if (v === '') delete c[f];
    else c[f] = f === 'about' ? fields[f] : v;
  }
  if (c.display_name) c.displayName = c.display_name;
  else delete c.displayName;
  return JSON.stringify(c);
}

export interface ProfileLoader {
  latestProfile(pubkey: string): Promise<NostrEvent | null>;
}

/** Edit profile as a list-like update: the latest kind 0 first, then the changed fields. */
export function profileUpdate(
  loader: ProfileLoader,
  me: string,
  fields: ProfileFields,
): ListUpdate {
  return {
    failure: 'profile update failed',
    load: () => loader.latestProfile(me),
    plan(latest): ListPlan {
      const content = profileContent(latest, fields);
      if (latest && content === latest.content) return { type: 'unchanged' };
      return { type: 'publish', template: { kind: 0, tags: latest?.tags ?? [], content } };
    },
  };
}
