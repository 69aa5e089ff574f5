const HEX64 = /^[0-9a-f]{64}$/;
const HEX128 = /^[0-9a-f]{128}$/;

/** True for exactly 64 lowercase hex characters (ids, public keys). */
export function isHex64(value: unknown): value is string {
  return typeof value === 'string' && HEX64.test(value);
}

/** True for exactly 128 lowercase hex characters (signatures). */
export function isHex128(value: unknown): value is string {
  return typeof value === 'string' && HEX128.test(value);
}

export function isHex(value: unknown): value is string {
  return typeof value === 'string' && value.length % 2 === 0 && /^[0-9a-fA-F]*$/.test(value);
}
