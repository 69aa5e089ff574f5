import { parsePubkey } from '@/lib/note-id.ts';

/**
 * Whose profile a route shows: the vanity name's owner, else the npub (or hex) in the path,
 * else the signed-in user (`/profile` alone). Undefined when the path holds no valid key.
 */
export function profilePubkey(
  npub: string | undefined,
  vanity: { pubkey?: string | null } | undefined,
  sessionPubkey: string | null,
): string | undefined {
  if (vanity?.pubkey) return vanity.pubkey;
  if (npub) return parsePubkey(npub);
  return sessionPubkey ?? undefined;
}
