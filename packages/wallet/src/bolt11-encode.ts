import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { bech32 } from '@scure/base';

/** What goes into a BOLT #11 invoice that we sign ourselves (the devnet's lightning node). */
export interface InvoiceFields {
  /** `bc` (mainnet, `lnbc`), `tb` (testnet) or `bcrt` (regtest). Default `bc`. */
  network?: 'bc' | 'tb' | 'bcrt';
  /** Amount in millisatoshis; omit for an any-amount invoice. */
  amountMsat?: bigint | number;
  /** Unix seconds. */
  timestamp: number;
  /** 32 bytes: sha256 of the preimage. */
  paymentHash: Uint8Array;
  /** 32 bytes (tag `s`). */
  paymentSecret?: Uint8Array;
  /** Short description (tag `d`); use either this or `descriptionHash`. */
  description?: string;
  /** 32 bytes: sha256 of the long description, e.g. a NIP-57 zap request (tag `h`). */
  descriptionHash?: Uint8Array;
  /** Seconds until expiry (tag `x`); BOLT #11's default is 3600. */
  expirySeconds?: number;
  /** Minimum final CLTV expiry delta (tag `c`). */
  minFinalCltvExpiry?: number;
}

const MSAT_PER_BTC = 100_000_000_000n;
const utf8 = new TextEncoder();

/**
 * The human-readable amount: the shortest of `m` (1e8 msat), `u` (1e5), `n` (100), `p` (0.1 msat)
 * that represents the amount exactly. Whole bitcoins use no multiplier.
 */
export function encodeInvoiceAmount(amountMsat: bigint): string {
  if (amountMsat <= 0n) throw new Error('invoice amount must be positive');
  if (amountMsat % MSAT_PER_BTC === 0n) return `${amountMsat / MSAT_PER_BTC}`;
  if (amountMsat % 100_000_000n === 0n) return `${amountMsat / 100_000_000n}m`;
  if (amountMsat % 100_000n === 0n) return `${amountMsat / 100_000n}u`;
  if (amountMsat % 100n === 0n) return `${amountMsat / 100n}n`;
  return `${amountMsat * 10n}p`;
}

/** A non-negative integer as big-endian 5-bit words, at least `minWords` long. */
function intToWords(value: number, minWords = 1): number[] {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`not a valid field value: ${value}`);
  const words: number[] = [];
  let v = value;
  while (v > 0) {
    words.unshift(v % 32);
    v = Math.floor(v / 32);
  }
  while (words.length < minWords) words.unshift(0);
  return words;
}

function taggedField(tag: string, data: number[]): number[] {
  const code = BECH32_CHARSET.indexOf(tag);
  if (code < 0) throw new Error(`unknown tag ${tag}`);
  if (data.length >= 1024) throw new Error(`tag ${tag} too long`);
  return [code, data.length >> 5, data.length & 31, ...data];
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function bytes32(name: string, b: Uint8Array | undefined): Uint8Array | undefined {
  if (b !== undefined && b.length !== 32) throw new Error(`${name} must be 32 bytes`);
  return b;
}

/** 5-bit words to bytes, padding the last byte with zero bits (BOLT #11 signing input). */
export function wordsToPaddedBytes(words: readonly number[]): Uint8Array {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const w of words) {
    acc = (acc << 5) | w;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return Uint8Array.from(out);
}

/**
 * Encodes and signs a BOLT #11 invoice with the node's secret key (recoverable ECDSA over
 * sha256(hrp || data), so the payee node id is recoverable and no `n` field is needed).
 */
export function encodeBolt11(fields: InvoiceFields, nodeSecretKey: Uint8Array): string {
  const network = fields.network ?? 'bc';
  const amount =
    fields.amountMsat === undefined ? '' : encodeInvoiceAmount(BigInt(fields.amountMsat));
  const hrp = `ln${network}${amount}`;
  const paymentHash = bytes32('paymentHash', fields.paymentHash);
  if (!paymentHash) throw new Error('paymentHash is required');
  const words: number[] = intToWords(fields.timestamp, 7);
  if (words.length !== 7) throw new Error('timestamp does not fit in 35 bits');
  words.push(...taggedField('p', bech32.toWords(paymentHash)));
  const secret = bytes32('paymentSecret', fields.paymentSecret);
  if (secret) words.push(...taggedField('s', bech32.toWords(secret)));
  const descriptionHash = bytes32('descriptionHash', fields.descriptionHash);
  if (descriptionHash) words.push(...taggedField('h', bech32.toWords(descriptionHash)));
  else words.push(...taggedField('d', bech32.toWords(utf8.encode(fields.description ?? ''))));
  if (fields.expirySeconds !== undefined)
    words.push(...taggedField('x', intToWords(fields.expirySeconds)));
  if (fields.minFinalCltvExpiry !== undefined) {
    words.push(...taggedField('c', intToWords(fields.minFinalCltvExpiry)));
  }
  const hrpBytes = utf8.encode(hrp);
  const data = wordsToPaddedBytes(words);
  const message = new Uint8Array(hrpBytes.length + data.length);
  message.set(hrpBytes);
  message.set(data, hrpBytes.length);
  const digest = sha256(message);
  // noble's 'recovered' format is [recovery, r(32), s(32)]; BOLT #11 wants r || s || recovery.
  const recovered = secp256k1.sign(digest, nodeSecretKey, { prehash: false, format: 'recovered' });
  const signature = new Uint8Array(65);
  signature.set(recovered.subarray(1, 65));
  signature[64] = recovered[0]!;
  words.push(...bech32.toWords(signature));
  return bech32.encode(hrp, words, false);
}

/** The compressed public key (33 bytes hex) that payers see as the invoice's payee. */
export function nodePublicKey(nodeSecretKey: Uint8Array): string {
  return bytesToHex(secp256k1.getPublicKey(nodeSecretKey, true));
}
