import { emptyUser, nip19, parseProfile, userDisplayName, type User } from '@swell/nostr';
import type { SignedEvent } from '@swell/cache-protocol';
import { useUserEvent, useVerifiedName } from '@/data/entity-store.ts';

/** A user as shown (spec section 3), plus the name verified at this server (10000158). */
export type UserView = User & { verifiedName?: string };

const parsed = new WeakMap<SignedEvent, User>();
const empties = new Map<string, User>();

/** The user of a kind 0 (parsed once per event), or an empty user with blank strings. */
export function parseUser(pubkey: string, event: SignedEvent | undefined): User {
  if (!event) {
    let u = empties.get(pubkey);
    if (!u) {
      u = emptyUser(pubkey);
      if (empties.size > 5000) empties.clear();
      empties.set(pubkey, u);
    }
    return u;
  }
  let u = parsed.get(event);
  if (!u) {
    u = parseProfile(event);
    parsed.set(event, u);
  }
  return u;
}

/** The name to show: display name, else name, else a shortened npub. */
export const userLabel = userDisplayName;

export function useUser(pubkey: string): UserView {
  const event = useUserEvent(pubkey);
  const verifiedName = useVerifiedName(pubkey);
  const user = parseUser(pubkey, event);
  return verifiedName ? { ...user, verifiedName } : user;
}

/** Profile links (spec section 2): /{verifiedName}, else /p/{npub}, else /home. */
export function profileLink(user: Pick<UserView, 'verifiedName' | 'npub'> | undefined): string {
  if (!user) return '/home';
  if (user.verifiedName) return `/${encodeURIComponent(user.verifiedName)}`;
  return user.npub ? `/p/${user.npub}` : '/home';
}

const noteLinks = new Map<string, string>();

/** Link to a note's thread (/e/note1…); kept per id, since every render of a card asks. */
export function noteLink(id: string): string {
  let link = noteLinks.get(id);
  if (link === undefined) {
    try {
      link = `/e/${nip19.noteEncode(id)}`;
    } catch {
      link = `/e/${id}`;
    }
    if (noteLinks.size > 5000) noteLinks.clear();
    noteLinks.set(id, link);
  }
  return link;
}
