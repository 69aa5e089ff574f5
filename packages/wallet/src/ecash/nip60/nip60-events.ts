import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { normalizeMintUrl } from '@swell/nostr';
import type { ProofData } from '../proof.ts';

/** NIP-60 kinds: the wallet (replaceable), unspent proofs, spending history; NIP-09 deletion. */
export const WALLET_KIND = 17375;
export const TOKEN_KIND = 7375;
export const HISTORY_KIND = 7376;
export const DELETION_KIND = 5;

/** Most proofs read from one token event (a wallet rolls its proofs over into new events). */
export const MAX_TOKEN_PROOFS = 1000;

/** An unsigned event as the sync hands it to the signer (created_at is the signer's). */
export interface Nip60Template {
  kind: number;
  tags: string[][];
  content: string;
}

/**
 * What the wallet event's encrypted content says. `mnemonic` is Swell's own tag: the recovery
 * phrase travels NIP-44 encrypted to the user, so another device of the same Nostr key opens the
 * wallet (and keeps NUT-13 restore working) without the phrase being typed. Other clients ignore
 * the tag.
 */
export interface WalletContent {
  /** The P2PK private key (hex) nutzaps are locked to; never the user's Nostr key. */
  privkey: string;
  mints: string[];
  mnemonic?: string;
}

/** What a token event's encrypted content says. */
export interface TokenContent {
  mint: string;
  unit: string;
  proofs: ProofData[];
  /** Token events this one replaces. */
  del: string[];
}

export type HistoryMarker = 'created' | 'destroyed' | 'redeemed';

/** What a history event says (content and its public `redeemed` tags). */
export interface HistoryContent {
  direction: 'in' | 'out';
  amount: number;
  unit: string;
  refs: Array<{ id: string; marker: HistoryMarker }>;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const HEX64 = /^[0-9a-f]{64}$/;
const POINT = /^0[23][0-9a-f]{64}$/;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The wallet event's content (a tag list), to be encrypted. */
export function walletContentJson(wallet: WalletContent): string {
  return JSON.stringify([
    ['privkey', wallet.privkey],
    ...wallet.mints.map((m) => ['mint', m]),
    ...(wallet.mnemonic ? [['mnemonic', wallet.mnemonic]] : []),
  ]);
}

/** Reads a decrypted wallet event content; undefined without a usable key or any mint. */
export function parseWalletContent(json: string): WalletContent | undefined {
  const tags = parseJson(json);
  if (!Array.isArray(tags)) return undefined;
  let privkey: string | undefined;
  let mnemonic: string | undefined;
  const mints: string[] = [];
  for (const tag of tags) {
    if (!Array.isArray(tag) || typeof tag[1] !== 'string') continue;
    if (tag[0] === 'privkey' && HEX64.test(tag[1].toLowerCase())) privkey ??= tag[1].toLowerCase();
    else if (tag[0] === 'mnemonic') mnemonic ??= tag[1];
    else if (tag[0] === 'mint') {
      const url = normalizeMintUrl(tag[1]);
      if (url && !mints.includes(url)) mints.push(url);
    }
  }
  if (!privkey || !isPrivateKey(privkey) || mints.length === 0) return undefined;
  return { privkey, mints, ...(mnemonic ? { mnemonic } : {}) };
}

function readProof(value: unknown): ProofData | undefined {
  if (!isRecord(value)) return undefined;
  const { id, amount, secret, C, dleq, witness } = value;
  if (typeof id !== 'string' || !/^[0-9a-f]{16,66}$/i.test(id)) return undefined;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) return undefined;
  if (typeof secret !== 'string' || secret.length === 0 || secret.length > 4096) return undefined;
  if (typeof C !== 'string' || !POINT.test(C.toLowerCase())) return undefined;
  const proof: ProofData = { id, amount, secret, C: C.toLowerCase() };
  if (isRecord(dleq) && typeof dleq.e === 'string' && typeof dleq.s === 'string') {
    proof.dleq = { e: dleq.e, s: dleq.s, ...(typeof dleq.r === 'string' ? { r: dleq.r } : {}) };
  }
  if (typeof witness === 'string') proof.witness = witness;
  return proof;
}

/** A token event's content, to be encrypted (proofs in the NUT-00 JSON form). */
export function tokenContentJson(token: TokenContent): string {
  return JSON.stringify({
    mint: token.mint,
    unit: token.unit,
    proofs: token.proofs.map((p) => ({
      id: p.id,
      amount: p.amount,
      secret: p.secret,
      C: p.C,
      ...(p.dleq ? { dleq: p.dleq } : {}),
      ...(p.witness !== undefined ? { witness: p.witness } : {}),
    })),
    ...(token.del.length ? { del: token.del } : {}),
  });
}

/**
 * Reads a decrypted token event content. Proofs that are not proofs are left out (the rest of
 * the event still counts); undefined when there is no mint or no proof at all.
 */
export function parseTokenContent(json: string): TokenContent | undefined {
  const value = parseJson(json);
  if (!isRecord(value) || typeof value.mint !== 'string') return undefined;
  const mint = normalizeMintUrl(value.mint);
  if (!mint || !Array.isArray(value.proofs)) return undefined;
  const proofs: ProofData[] = [];
  const seen = new Set<string>();
  for (const raw of value.proofs.slice(0, MAX_TOKEN_PROOFS)) {
    const proof = readProof(raw);
    if (!proof || seen.has(proof.secret)) continue;
    seen.add(proof.secret);
    proofs.push(proof);
  }
  const del = Array.isArray(value.del)
    ? value.del.filter((d): d is string => typeof d === 'string' && HEX64.test(d))
    : [];
  if (proofs.length === 0 && del.length === 0) return undefined;
  return { mint, unit: typeof value.unit === 'string' ? value.unit : 'sat', proofs, del };
}

/**
 * A history event: direction, amount, unit and the created/destroyed references encrypted;
 * `redeemed` references (nutzaps) also as public tags, as NIP-60 asks.
 */
export function historyParts(history: HistoryContent): { content: string; tags: string[][] } {
  const refs = history.refs.map((r) => ['e', r.id, '', r.marker]);
  return {
    content: JSON.stringify([
      ['direction', history.direction],
      ['amount', String(history.amount)],
      ['unit', history.unit],
      ...refs,
    ]),
    tags: refs.filter((r) => r[3] === 'redeemed'),
  };
}

/** Reads a history event from its decrypted content and its public tags. */
export function parseHistory(
  json: string,
  publicTags: string[][] = [],
): HistoryContent | undefined {
  const tags = parseJson(json);
  if (!Array.isArray(tags)) return undefined;
  let direction: 'in' | 'out' | undefined;
  let amount: number | undefined;
  let unit = 'sat';
  const refs: HistoryContent['refs'] = [];
  for (const tag of [...tags, ...publicTags]) {
    if (!Array.isArray(tag) || typeof tag[1] !== 'string') continue;
    if (tag[0] === 'direction' && (tag[1] === 'in' || tag[1] === 'out')) direction = tag[1];
    else if (tag[0] === 'amount' && /^\d{1,15}$/.test(tag[1])) amount = Number(tag[1]);
    else if (tag[0] === 'unit') unit = tag[1];
    else if (
      tag[0] === 'e' &&
      HEX64.test(tag[1]) &&
      (tag[3] === 'created' || tag[3] === 'destroyed' || tag[3] === 'redeemed') &&
      !refs.some((r) => r.id === tag[1] && r.marker === tag[3])
    ) {
      refs.push({ id: tag[1], marker: tag[3] });
    }
  }
  if (!direction || amount === undefined) return undefined;
  return { direction, amount, unit, refs };
}

/** The NIP-09 deletion of spent token events (with the `k` tag NIP-60 requires). */
export function tokenDeletionTemplate(ids: readonly string[]): Nip60Template {
  return {
    kind: DELETION_KIND,
    content: '',
    tags: [...ids.map((id) => ['e', id]), ['k', String(TOKEN_KIND)]],
  };
}

function isPrivateKey(hex: string): boolean {
  try {
    return secp256k1.utils.isValidSecretKey(hexToBytes(hex));
  } catch {
    return false;
  }
}

/**
 * The wallet's P2PK key, derived from its seed so that a restore from the phrase finds it again
 * (nutzaps locked to it stay redeemable with no relay reachable). It is not, and cannot be
 * derived from, the user's Nostr key.
 */
export function derivedLockKey(seed: Uint8Array): string {
  for (let i = 0; ; i++) {
    const candidate = bytesToHex(
      sha256(concatBytes(new TextEncoder().encode(`swell nip-61 p2pk ${i}`), seed)),
    );
    if (isPrivateKey(candidate)) return candidate;
  }
}

/** The compressed public key (33 bytes hex) of a P2PK private key, as a 10019 lists it. */
export function lockPublicKey(privkey: string): string {
  return bytesToHex(secp256k1.getPublicKey(hexToBytes(privkey), true));
}
