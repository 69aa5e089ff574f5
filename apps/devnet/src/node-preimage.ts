import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { lightningNodeSecretKey } from './keys.ts';

const utf8 = new TextEncoder();
const LABEL = utf8.encode('swell-devnet-preimage:');

/**
 * The preimage of an invoice the devnet node signs outside its ledger (the invoices inside demo
 * notes): derived from the node key and the invoice's payment secret, so the node can settle
 * such an invoice later with a real proof of payment, as a lightning node that issued it would.
 */
export function nodePreimage(paymentSecret: Uint8Array): Uint8Array {
  return hmac(sha256, lightningNodeSecretKey, new Uint8Array([...LABEL, ...paymentSecret]));
}

/** The preimage (hex) of a node invoice with this payment secret and hash, if it is one of ours. */
export function recoverNodePreimage(
  paymentSecretHex: string,
  paymentHashHex: string,
): string | undefined {
  if (!/^[0-9a-f]{64}$/.test(paymentSecretHex)) return undefined;
  const preimage = nodePreimage(Uint8Array.from(Buffer.from(paymentSecretHex, 'hex')));
  return bytesToHex(sha256(preimage)) === paymentHashHex ? bytesToHex(preimage) : undefined;
}
