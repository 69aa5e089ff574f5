import { createNewMintKeys, deriveKeysetId, type Keys } from '@cashu/cashu-ts';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** Denominations 1, 2, 4, ... 2^23 sats (up to 8,388,608 in one proof). */
export const KEYSET_SIZE = 24;
export const MINT_UNIT = 'sat';

/** One keyset of the devnet mint, private keys included. */
export interface DevnetKeyset {
  /** Keyset id version 01 (NUT-02 V2): re-derives from keys, unit and fee. */
  id: string;
  unit: string;
  active: boolean;
  inputFeePpk: number;
  /** Amount -> compressed public key (hex). */
  keys: Keys;
  /** Amount -> private key. */
  privateKeys: Record<string, Uint8Array>;
}

/**
 * The keyset number `index` of the devnet mint, derived from a public label with cashu-ts' own
 * key generation: the same keys on every machine and after every restart, so ecash outlives the
 * process (its spent list does not: a sandbox).
 */
export function deriveKeyset(index: number, inputFeePpk: number): DevnetKeyset {
  const seed = sha256(new TextEncoder().encode(`swell-devnet:mint-keyset:${index}`));
  const pair = createNewMintKeys(KEYSET_SIZE, seed, {
    unit: MINT_UNIT,
    input_fee_ppk: inputFeePpk,
    versionByte: 1,
  });
  const keys: Keys = {};
  for (const [amount, key] of Object.entries(pair.pubKeys)) keys[amount] = bytesToHex(key);
  const id = deriveKeysetId(keys, { unit: MINT_UNIT, input_fee_ppk: inputFeePpk, versionByte: 1 });
  if (id !== pair.keysetId) throw new Error('keyset id does not re-derive');
  return {
    id,
    unit: MINT_UNIT,
    active: true,
    inputFeePpk,
    keys,
    privateKeys: pair.privKeys as Record<string, Uint8Array>,
  };
}
