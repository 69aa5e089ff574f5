import {
  getDecodedToken,
  getEncodedToken,
  getTokenMetadata,
  normalizeProofAmounts,
} from '@cashu/cashu-ts';
import { base64urlnopad } from '@scure/base';
import { EcashError, ecashMessages } from './errors.ts';
import { sumAmounts, toProofData, toProofLike, type ProofData } from './proof.ts';

/** One mint's part of a token. */
export interface TokenEntry {
  mint: string;
  unit: string;
  proofs: ProofData[];
}

/** A decoded token: `A` (NUT-00 V3 JSON, possibly several mints), `B` (V4 CBOR, one mint) or `legacy` (the pre-v1 V2 JSON without a prefix). */
export interface DecodedToken {
  version: 'A' | 'B' | 'legacy';
  entries: TokenEntry[];
  memo?: string;
}

/** What a token holds, read without any mint (for token cards and the receive screen). */
export interface TokenSummary {
  version: DecodedToken['version'];
  memo?: string;
  /** Sum over all entries, in each entry's unit (sats for every token this wallet accepts). */
  amount: number;
  entries: Array<{ mint: string; unit: string; amount: number; proofCount: number }>;
}

const URI_PREFIXES = ['web+cashu://', 'cashu://', 'cashu:'];
const HEX_POINT = /^0[23][0-9a-f]{64}$/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

const invalid = (detail?: string, cause?: unknown): EcashError =>
  new EcashError(
    'invalid-token',
    detail ? `${ecashMessages.invalidToken}: ${detail}` : ecashMessages.invalidToken,
    { cause },
  );

/** The token text without whitespace and URI prefixes (`web+cashu://`, `cashu://`, `cashu:`). */
export function stripTokenPrefix(text: string): string {
  let t = String(text).replace(/\s+/g, '');
  for (const prefix of URI_PREFIXES) {
    if (t.toLowerCase().startsWith(prefix)) {
      t = t.slice(prefix.length);
      break;
    }
  }
  return t;
}

function base64Json(body: string): unknown {
  const urlSafe = body.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]+$/.test(urlSafe)) throw invalid('not base64');
  try {
    return JSON.parse(utf8.decode(base64urlnopad.decode(urlSafe)));
  } catch (err) {
    throw invalid('unreadable payload', err);
  }
}

function readProof(raw: unknown): ProofData {
  if (typeof raw !== 'object' || raw === null) throw invalid('a proof is not an object');
  const p = raw as Record<string, unknown>;
  if (typeof p.id !== 'string' || p.id === '') throw invalid('a proof has no keyset id');
  if (typeof p.secret !== 'string' || p.secret === '') throw invalid('a proof has no secret');
  if (typeof p.C !== 'string' || !HEX_POINT.test(p.C)) throw invalid('a proof has no signature');
  const amount = typeof p.amount === 'string' ? Number(p.amount) : p.amount;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw invalid('a proof has an invalid amount');
  }
  const proof: ProofData = { id: p.id, amount, secret: p.secret, C: p.C.toLowerCase() };
  const dleq = p.dleq as Record<string, unknown> | undefined;
  if (dleq && typeof dleq.e === 'string' && typeof dleq.s === 'string') {
    proof.dleq = { e: dleq.e, s: dleq.s };
    if (typeof dleq.r === 'string') proof.dleq.r = dleq.r;
  }
  if (typeof p.witness === 'string') proof.witness = p.witness;
  else if (p.witness && typeof p.witness === 'object') proof.witness = JSON.stringify(p.witness);
  return proof;
}

function readProofs(raw: unknown): ProofData[] {
  if (!Array.isArray(raw) || raw.length === 0) throw invalid('no proofs');
  return raw.map(readProof);
}

/** NUT-00 V3: `{token: [{mint, proofs}], unit?, memo?}`; every entry is kept (multi-mint tokens). */
function decodeV3(body: string): DecodedToken {
  const json = base64Json(body) as Record<string, unknown> | null;
  if (!json || !Array.isArray(json.token) || json.token.length === 0) throw invalid('no entries');
  const unit = typeof json.unit === 'string' && json.unit !== '' ? json.unit : 'sat';
  const entries = json.token.map((raw: unknown): TokenEntry => {
    const entry = raw as Record<string, unknown> | null;
    if (!entry || typeof entry.mint !== 'string' || entry.mint === '') {
      throw invalid('an entry has no mint');
    }
    return { mint: entry.mint, unit, proofs: readProofs(entry.proofs) };
  });
  const out: DecodedToken = { version: 'A', entries };
  if (typeof json.memo === 'string' && json.memo !== '') out.memo = json.memo;
  return out;
}

/** The pre-v1 V2 token: base64 `{proofs, mints: [{url, ids}]}`, no prefix (cashu-ts 0.9 era). */
function decodeLegacyV2(body: string): DecodedToken {
  const json = base64Json(body) as Record<string, unknown> | null;
  if (!json || !Array.isArray(json.proofs) || !Array.isArray(json.mints)) {
    throw invalid('unknown token format');
  }
  const proofs = readProofs(json.proofs);
  const mints = (json.mints as unknown[]).map((m) => {
    const r = m as Record<string, unknown> | null;
    if (!r || typeof r.url !== 'string' || !Array.isArray(r.ids)) throw invalid('bad mint list');
    return { url: r.url, ids: r.ids.filter((id): id is string => typeof id === 'string') };
  });
  const entries: TokenEntry[] = [];
  for (const proof of proofs) {
    const mint = mints.find((m) => m.ids.includes(proof.id));
    if (!mint) throw invalid(`no mint for keyset ${proof.id}`);
    let entry = entries.find((e) => e.mint === mint.url);
    if (!entry) entries.push((entry = { mint: mint.url, unit: 'sat', proofs: [] }));
    entry.proofs.push(proof);
  }
  return { version: 'legacy', entries };
}

/**
 * Decodes any token this wallet accepts: `cashuB` (V4), `cashuA` (V3, several mints allowed) and
 * the legacy unprefixed V2 JSON. `keysetIds(mint)` lists the mint's full keyset ids; a V4 token of
 * a V2 keyset carries only a short id, which is resolved against it. Throws `EcashError`
 * ('invalid-token') for anything else, including a V3 JSON without its `cashuA` prefix.
 */
export function decodeToken(
  text: string,
  keysetIds: (mint: string) => readonly string[] = () => [],
): DecodedToken {
  const t = stripTokenPrefix(text);
  if (t.startsWith('cashuA')) return decodeV3(t.slice(6));
  if (t.startsWith('cashuB')) {
    let mint: string;
    try {
      mint = getTokenMetadata(t).mint;
    } catch (err) {
      throw invalid('unreadable payload', err);
    }
    try {
      const token = getDecodedToken(t, keysetIds(mint));
      const out: DecodedToken = {
        version: 'B',
        entries: [
          { mint: token.mint, unit: token.unit ?? 'sat', proofs: token.proofs.map(toProofData) },
        ],
      };
      if (token.memo) out.memo = token.memo;
      return out;
    } catch (err) {
      throw invalid((err as Error).message, err);
    }
  }
  if (t.startsWith('cashu')) throw invalid('unsupported token version');
  return decodeLegacyV2(t);
}

/** Amount, mints and memo of a token without contacting any mint. */
export function inspectToken(text: string): TokenSummary {
  const t = stripTokenPrefix(text);
  let decoded: {
    version: DecodedToken['version'];
    memo?: string;
    entries: TokenSummary['entries'];
  };
  if (t.startsWith('cashuB')) {
    let meta: ReturnType<typeof getTokenMetadata>;
    try {
      meta = getTokenMetadata(t);
    } catch (err) {
      throw invalid('unreadable payload', err);
    }
    const amount = meta.amount.toNumber();
    decoded = {
      version: 'B',
      entries: [{ mint: meta.mint, unit: meta.unit, amount, proofCount: meta.proofAmounts.length }],
    };
    if (meta.memo) decoded.memo = meta.memo;
  } else {
    const token = decodeToken(t);
    decoded = {
      version: token.version,
      entries: token.entries.map((e) => ({
        mint: e.mint,
        unit: e.unit,
        amount: sumAmounts(e.proofs),
        proofCount: e.proofs.length,
      })),
    };
    if (token.memo) decoded.memo = token.memo;
  }
  return { ...decoded, amount: decoded.entries.reduce((s, e) => s + e.amount, 0) };
}

/** Encodes one mint's proofs as a `cashuB` (V4) token; DLEQ proofs travel with their `r`. */
export function encodeToken(token: {
  mint: string;
  proofs: readonly ProofData[];
  unit?: string;
  memo?: string;
}): string {
  if (token.proofs.length === 0) throw invalid('no proofs');
  return getEncodedToken({
    mint: token.mint,
    unit: token.unit ?? 'sat',
    proofs: normalizeProofAmounts(token.proofs.map(toProofLike)),
    ...(token.memo ? { memo: token.memo } : {}),
  });
}

/** Every token (cashuA/cashuB, with or without URI prefix) found in a text, in order. */
export function findTokens(text: string): string[] {
  const re = /(?<![\w])(?:web\+cashu:\/\/|cashu:\/\/|cashu:)?cashu[AB][A-Za-z0-9_\-+/=]{10,}/g;
  return [...String(text).matchAll(re)].map((m) => stripTokenPrefix(m[0]));
}

/**
 * Encodes entries as a `cashuA` (V3 JSON) token: the one format that carries several mints and
 * legacy keyset ids, used to hand back the entries of a token that could not be redeemed.
 */
export function encodeTokenV3(token: {
  entries: ReadonlyArray<{ mint: string; proofs: readonly ProofData[] }>;
  unit?: string;
  memo?: string;
}): string {
  const json = {
    token: token.entries.map((e) => ({ mint: e.mint, proofs: e.proofs })),
    unit: token.unit ?? 'sat',
    ...(token.memo ? { memo: token.memo } : {}),
  };
  return `cashuA${base64urlnopad.encode(new TextEncoder().encode(JSON.stringify(json)))}`;
}
