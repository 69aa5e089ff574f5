import { bytesToHex } from '@noble/hashes/utils.js';

/** 16 random bytes as hex: ids of history entries and operations. */
export function randomId(): string {
  return bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(16)));
}
