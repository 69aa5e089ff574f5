import { pointFromHex, type Keys } from '@cashu/cashu-ts';

const COMPRESSED = /^0[23][0-9a-f]{64}$/;

/**
 * Why a keyset's keys are unusable (NUT-01: every key a 33-byte compressed secp256k1 point, every
 * amount a positive whole number), or undefined when they are fine.
 */
export function invalidKeysReason(keys: Keys): string | undefined {
  const entries = Object.entries(keys);
  if (entries.length === 0) return 'the keyset has no keys';
  for (const [amount, key] of entries) {
    if (!/^[1-9][0-9]*$/.test(amount)) return `amount ${amount} is not a positive whole number`;
    if (typeof key !== 'string' || !COMPRESSED.test(key)) {
      return `key "${amount}" is not a 33-byte compressed public key`;
    }
    try {
      pointFromHex(key);
    } catch {
      return `key "${amount}" is not a point on the curve`;
    }
  }
  return undefined;
}
