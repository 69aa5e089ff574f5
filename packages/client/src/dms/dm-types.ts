import type { NostrEvent } from '@swell/nostr';

/** NIP-04 (kind 4, through the cache) or NIP-17 (kind 14 sealed in gift wraps, from relays). */
export type DmProtocol = 'nip04' | 'nip17';

/** The Messages screen's relation filter (spec section 2). */
export type DmRelation = 'follows' | 'other';

/**
 * - `decrypting`: the signer is working on it;
 * - `held`: waiting for the user's go-ahead to decrypt (extension or bunker, `DecryptQueue`);
 * - `ok`: `text` is the plaintext;
 * - `failed`: it could not be decrypted: a placeholder is shown, the text is not remembered and
 *   the conversation is not marked read because of it.
 */
export type DmTextState = 'decrypting' | 'held' | 'ok' | 'failed';

/** Where a message the user sent from this tab is: spec "Direct messages", sending. */
export type DmDelivery = 'pending' | 'sent' | 'failed';

export interface DmMessage {
  /** The kind 4 event id, or the NIP-17 rumor id (the same for every wrap of it). */
  id: string;
  /** The other side of the conversation (the user's own key for notes to self). */
  peer: string;
  sender: string;
  /** Unix seconds (the rumor's time for NIP-17, not the wraps' randomised ones). */
  created_at: number;
  protocol: DmProtocol;
  state: DmTextState;
  /** The plaintext when `state` is `ok`. */
  text?: string;
  /** Why it failed to decrypt (for the placeholder's details). */
  error?: string;
  /** NIP-17: ids of the gift wraps it came in (what the server counts as unread). */
  wrapIds?: string[];
  /** NIP-04: the signed kind 4 event. */
  event?: NostrEvent;
  /** Sent from this tab: pending until a relay said OK, failed (text kept, retry offered). */
  delivery?: DmDelivery;
  /** Local id of a message being sent (stable across retries). */
  localId?: string;
}

/** A row of the contact list (spec section 3, "Direct messages": contact with dmInfo). */
export interface DmContact {
  pubkey: string;
  relation: DmRelation;
  /** Unread messages: the server's NIP-04 count plus the NIP-17 ones not read here yet. */
  unread: number;
  /** Time of the latest message either way (seconds). */
  latestAt: number;
  /** The latest message either way (its text decrypts in the background). */
  latest?: DmMessage;
}

export interface DmContactsSnapshot {
  follows: DmContact[];
  other: DmContact[];
  /** The first load has not answered yet. */
  loading: boolean;
  /** The last load failed (a cache NOTICE or no connection). */
  error?: string;
}

/** Newest first, ties by id (a stable order for both kinds mixed). */
export function byNewest(a: DmMessage, b: DmMessage): number {
  return b.created_at - a.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
