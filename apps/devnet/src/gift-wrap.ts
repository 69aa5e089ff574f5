import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { nip44Encrypt, type NostrEvent } from '@swell/nostr';
import { conversationKey } from './conversation-key.ts';
import type { Rng } from './rng.ts';
import type { DeterministicSigner } from './signer.ts';

const TWO_DAYS = 2 * 24 * 3600;

/** An unsigned kind 14 chat message (NIP-17) with its id. */
export interface Rumor {
  id: string;
  pubkey: string;
  created_at: number;
  kind: number;
  tags: string[][];
  content: string;
}

export function makeRumor(
  pubkey: string,
  createdAt: number,
  tags: string[][],
  content: string,
): Rumor {
  const id = bytesToHex(
    sha256(new TextEncoder().encode(JSON.stringify([0, pubkey, createdAt, 14, tags, content]))),
  );
  return { id, pubkey, created_at: createdAt, kind: 14, tags, content };
}

/**
 * NIP-59: seals the rumor for `recipient` (kind 13, signed by the sender) and wraps the seal
 * (kind 1059, signed by a one-time key, tagged with the recipient). Times are moved up to two
 * days into the past as NIP-59 asks; every random choice comes from `rng`.
 */
export function giftWrap(
  rumor: Rumor,
  senderKey: Uint8Array,
  recipient: string,
  signer: DeterministicSigner,
  rng: Rng,
): NostrEvent {
  const seal = signer.sign(
    {
      kind: 13,
      created_at: rumor.created_at - rng.int(0, TWO_DAYS),
      tags: [],
      content: nip44Encrypt(
        JSON.stringify(rumor),
        conversationKey(senderKey, recipient),
        rng.bytes(32),
      ),
    },
    senderKey,
  );
  const oneTimeKey = rng.bytes(32);
  oneTimeKey[0] = (oneTimeKey[0]! % 0xfe) + 1; // keeps it well below the curve order and non-zero
  return signer.sign(
    {
      kind: 1059,
      created_at: rumor.created_at - rng.int(0, TWO_DAYS),
      tags: [['p', recipient]],
      content: nip44Encrypt(
        JSON.stringify(seal),
        conversationKey(oneTimeKey, recipient),
        rng.bytes(32),
      ),
    },
    oneTimeKey,
  );
}
