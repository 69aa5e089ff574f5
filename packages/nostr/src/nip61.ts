import { isHex64 } from './hex.ts';
import { getTagValue, parseCoordinate } from './tags.ts';
import type { EventTemplate, NostrEvent } from './types.ts';

/** NIP-61 kinds. */
export const NUTZAP_INFO_KIND = 10019;
export const NUTZAP_KIND = 9321;

/** Most proofs one nutzap may carry (a zap is a handful; more is someone probing). */
export const MAX_NUTZAP_PROOFS = 64;

/** What a user's kind 10019 says: where to send ecash, which mints, and the key to lock it to. */
export interface NutzapInfo {
  /** The P2PK key to lock nutzaps to: compressed (33 bytes hex, `02`/`03` prefix). */
  pubkey: string;
  /** Mint URLs as listed (normalized: see `normalizeMintUrl`), each with its units (may be empty). */
  mints: Array<{ url: string; units: string[] }>;
  /** Relays the user reads nutzaps from. */
  relays: string[];
}

/** A proof as a nutzap's `proof` tag carries it (NUT-00 JSON with the NUT-12 DLEQ proof). */
export interface NutzapProof {
  id: string;
  amount: number;
  secret: string;
  C: string;
  dleq?: { e: string; s: string; r?: string };
}

/** A kind 9321 nutzap, read (not verified: see `@swell/wallet`'s `checkNutzap`). */
export interface Nutzap {
  id: string;
  sender: string;
  /** The p tag: the recipient's Nostr key. */
  recipient: string;
  /** The u tag, normalized. */
  mint: string;
  unit: string;
  proofs: NutzapProof[];
  /** Sum of the proofs' amounts (in `unit`). */
  amount: number;
  /** The nutzapped event (e tag), if any. */
  eventId?: string;
  /** The nutzapped address (a tag), if any. */
  coordinate?: string;
  /** The nutzapped event's kind (k tag), if given. */
  targetKind?: number;
  comment: string;
  created_at: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const COMPRESSED = /^0[23][0-9a-f]{64}$/;

/**
 * A mint URL in one form (NIP-61: normalize before comparing): http(s) only, lower-case scheme
 * and host (the URL parser's), no trailing slash, no query or fragment. Undefined if it is not one.
 */
export function normalizeMintUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    return undefined;
  }
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

/**
 * A P2PK lock key as NIP-61 wants it: compressed. An x-only key (64 hex) gets the `02` prefix
 * ("clients MUST prefix the public key with 02"); anything else is undefined.
 */
export function compressedLockKey(raw: string | undefined): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const key = raw.toLowerCase();
  if (isHex64(key)) return `02${key}`;
  return COMPRESSED.test(key) ? key : undefined;
}

/**
 * Reads a kind 10019. The key comes from the `pubkey` tag (or `p2pk`, which early wallets
 * wrote); mints from `mint` tags (normalized, deduplicated), relays from `relay` tags. Undefined
 * when there is no usable key or no mint. Never throws.
 */
export function parseNutzapInfo(event: Pick<NostrEvent, 'kind' | 'tags'>): NutzapInfo | undefined {
  if (event.kind !== NUTZAP_INFO_KIND) return undefined;
  const pubkey = compressedLockKey(getTagValue(event, 'pubkey') ?? getTagValue(event, 'p2pk'));
  if (!pubkey) return undefined;
  const mints: NutzapInfo['mints'] = [];
  const relays: string[] = [];
  for (const tag of event.tags) {
    if (tag[0] === 'mint' && typeof tag[1] === 'string') {
      const url = normalizeMintUrl(tag[1]);
      if (!url || mints.some((m) => m.url === url)) continue;
      mints.push({ url, units: tag.slice(2).filter((u) => typeof u === 'string' && u !== '') });
    } else if (tag[0] === 'relay' && typeof tag[1] === 'string' && /^wss?:\/\//i.test(tag[1])) {
      if (!relays.includes(tag[1])) relays.push(tag[1]);
    }
  }
  if (mints.length === 0) return undefined;
  return { pubkey, mints, relays };
}

/** The unsigned kind 10019 for `info` (units listed after each mint when known). */
export function nutzapInfoTemplate(info: NutzapInfo, createdAt: number): EventTemplate {
  return {
    kind: NUTZAP_INFO_KIND,
    created_at: createdAt,
    content: '',
    tags: [
      ...info.relays.map((r) => ['relay', r]),
      ...info.mints.map((m) => ['mint', m.url, ...m.units]),
      ['pubkey', info.pubkey],
    ],
  };
}

/** Whether a mint of the info accepts `unit` (a mint listed without units is taken for sats). */
export function infoMintFor(
  info: NutzapInfo,
  mint: string,
  unit = 'sat',
): NutzapInfo['mints'][number] | undefined {
  const url = normalizeMintUrl(mint);
  const m = info.mints.find((x) => x.url === url);
  if (!m) return undefined;
  return m.units.length === 0
    ? unit === 'sat'
      ? m
      : undefined
    : m.units.includes(unit)
      ? m
      : undefined;
}

function readProof(raw: string): NutzapProof | string {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return 'a proof tag is not JSON';
  }
  if (!isRecord(value)) return 'a proof tag is not an object';
  const { id, amount, secret, C, dleq } = value;
  if (typeof id !== 'string' || !/^[0-9a-f]{16,66}$/i.test(id)) return 'a proof has no keyset id';
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    return 'a proof has no positive amount';
  }
  if (typeof secret !== 'string' || secret.length === 0 || secret.length > 4096) {
    return 'a proof has no secret';
  }
  if (typeof C !== 'string' || !COMPRESSED.test(C.toLowerCase())) return 'a proof has no signature';
  const proof: NutzapProof = { id, amount, secret, C: C.toLowerCase() };
  if (isRecord(dleq)) {
    const { e, s, r } = dleq;
    if (typeof e === 'string' && typeof s === 'string') {
      proof.dleq = { e, s, ...(typeof r === 'string' ? { r } : {}) };
    }
  }
  return proof;
}

/**
 * The key a proof is P2PK-locked to (NUT-11 secret `["P2PK", {data}]`), compressed, or
 * undefined when the secret is not a P2PK lock.
 */
export function proofLockKey(secret: string): string | undefined {
  if (!secret.startsWith('[')) return undefined;
  try {
    const value = JSON.parse(secret) as unknown;
    if (!Array.isArray(value) || value[0] !== 'P2PK' || !isRecord(value[1])) return undefined;
    const data = value[1].data;
    return typeof data === 'string' && COMPRESSED.test(data.toLowerCase())
      ? data.toLowerCase()
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a kind 9321: one recipient (p), the mint (u), one to `MAX_NUTZAP_PROOFS` P2PK-locked
 * proofs, an `amount` tag (if any) equal to their sum. Returns the reason when it is not a
 * nutzap. Never throws; checks no signature (neither the event's nor the mint's).
 */
export function parseNutzap(event: NostrEvent): Nutzap | { error: string } {
  if (event.kind !== NUTZAP_KIND) return { error: 'not a nutzap' };
  const recipients = new Set(event.tags.filter((t) => t[0] === 'p').map((t) => t[1]));
  const recipient = [...recipients][0];
  if (recipients.size !== 1 || !isHex64(recipient))
    return { error: 'a nutzap names one recipient' };
  const u = getTagValue(event, 'u');
  const mint = u === undefined ? undefined : normalizeMintUrl(u);
  if (!mint) return { error: 'a nutzap names its mint' };
  const rawProofs = event.tags.filter((t) => t[0] === 'proof' && typeof t[1] === 'string');
  if (rawProofs.length === 0) return { error: 'a nutzap carries proofs' };
  if (rawProofs.length > MAX_NUTZAP_PROOFS) return { error: 'too many proofs' };
  const proofs: NutzapProof[] = [];
  const secrets = new Set<string>();
  for (const tag of rawProofs) {
    const proof = readProof(tag[1]!);
    if (typeof proof === 'string') return { error: proof };
    if (!proofLockKey(proof.secret)) return { error: 'a nutzap proof is not P2PK-locked' };
    if (secrets.has(proof.secret)) return { error: 'a proof appears twice' };
    secrets.add(proof.secret);
    proofs.push(proof);
  }
  const amount = proofs.reduce((s, p) => s + p.amount, 0);
  if (!Number.isSafeInteger(amount)) return { error: 'the amount is too large' };
  const stated = getTagValue(event, 'amount');
  if (stated !== undefined && stated !== String(amount)) {
    return { error: 'the amount tag is not the sum of the proofs' };
  }
  const nutzap: Nutzap = {
    id: event.id,
    sender: event.pubkey,
    recipient: recipient!,
    mint,
    unit: getTagValue(event, 'unit') ?? 'sat',
    proofs,
    amount,
    comment: event.content,
    created_at: event.created_at,
  };
  const eventId = getTagValue(event, 'e');
  if (isHex64(eventId)) nutzap.eventId = eventId;
  const a = getTagValue(event, 'a');
  if (a !== undefined && parseCoordinate(a)) nutzap.coordinate = a;
  const k = Number(getTagValue(event, 'k'));
  if (Number.isSafeInteger(k) && k >= 0) nutzap.targetKind = k;
  return nutzap;
}

/** What a nutzap event says, for `nutzapTemplate`. */
export interface NutzapDraft {
  recipient: string;
  /** The mint URL exactly as the recipient's 10019 lists it. */
  mint: string;
  unit?: string;
  proofs: readonly NutzapProof[];
  eventId?: string;
  /** A relay hint for the nutzapped event. */
  relayHint?: string;
  coordinate?: string;
  targetKind?: number;
  comment?: string;
}

/** The unsigned kind 9321 (tags proof, unit, u, e, a, k, p, amount). */
export function nutzapTemplate(draft: NutzapDraft, createdAt: number): EventTemplate {
  const amount = draft.proofs.reduce((s, p) => s + p.amount, 0);
  const tags: string[][] = [
    ...draft.proofs.map((p) => ['proof', JSON.stringify(p)]),
    ['unit', draft.unit ?? 'sat'],
    ['u', draft.mint],
  ];
  if (draft.eventId) tags.push(['e', draft.eventId, draft.relayHint ?? '']);
  if (draft.coordinate) tags.push(['a', draft.coordinate, draft.relayHint ?? '']);
  if (draft.targetKind !== undefined) tags.push(['k', String(draft.targetKind)]);
  tags.push(['p', draft.recipient], ['amount', String(amount)]);
  return { kind: NUTZAP_KIND, created_at: createdAt, content: draft.comment ?? '', tags };
}
