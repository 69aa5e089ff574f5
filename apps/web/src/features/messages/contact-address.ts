import { nip19, pubkeyFromNip19 } from '@swell/nostr';

/** The public key of a `/dms/:contact` address (npub, nprofile or hex), or null. */
export function contactPubkey(param: string | undefined): string | null {
  if (!param) return null;
  if (/^[0-9a-f]{64}$/.test(param)) return param;
  return pubkeyFromNip19(param) ?? null;
}

/** The address of the conversation with `pubkey`. */
export function conversationLink(pubkey: string): string {
  return `/dms/${nip19.npubEncode(pubkey)}`;
}
