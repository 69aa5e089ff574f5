import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { bytesToNumberBE } from '@noble/curves/utils.js';
import { bech32 } from '@scure/base';
import { wordsToPaddedBytes } from './bolt11-encode.ts';

const SIGNATURE_WORDS = 104;
const N = secp256k1.Point.CURVE().n;

/**
 * The payee node id (33-byte compressed key, hex) recovered from a BOLT #11 invoice's
 * signature, as a paying node does when the invoice has no `n` field. Throws on a malformed
 * invoice.
 */
export function recoverInvoicePayee(invoice: string): string {
  const { prefix, words } = bech32.decode(
    invoice.trim().toLowerCase() as `${string}1${string}`,
    false,
  );
  if (words.length <= SIGNATURE_WORDS + 7) throw new Error('invoice too short');
  const signature = bech32.fromWords(words.slice(-SIGNATURE_WORDS));
  const data = wordsToPaddedBytes(words.slice(0, -SIGNATURE_WORDS));
  const digest = sha256(new Uint8Array([...new TextEncoder().encode(prefix), ...data]));
  const recovery = signature[64]!;
  if (recovery > 3) throw new Error('invalid recovery id');
  let s = bytesToNumberBE(signature.subarray(32, 64));
  // BOLT #11 readers accept high-S signatures: read as their low-S form, to which the
  // recovery id refers (the specification's high-S example is built that way).
  if (s > N / 2n) s = N - s;
  const recoverable = new Uint8Array([
    recovery,
    ...signature.subarray(0, 32),
    ...secp256k1.Point.Fn.toBytes(s),
  ]);
  return bytesToHex(secp256k1.recoverPublicKey(recoverable, digest, { prehash: false }));
}
