import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { bech32 } from '@scure/base';
import { wordsToPaddedBytes } from './bolt11-encode.ts';

const SIGNATURE_WORDS = 104;

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
  const recoverable = new Uint8Array([recovery, ...signature.subarray(0, 64)]);
  return bytesToHex(secp256k1.recoverPublicKey(recoverable, digest, { prehash: false }));
}
