import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const SLICE = 4 * 1024 * 1024;

/**
 * SHA-256 of a Blob in lowercase hex, read 4 MB at a time (a 1 GB video never sits in memory
 * whole). `onProgress` gets the bytes hashed so far. Rejects with the signal's reason on abort.
 */
export async function sha256OfBlob(
  blob: Blob,
  opts: { signal?: AbortSignal; onProgress?: (hashed: number) => void } = {},
): Promise<string> {
  const h = sha256.create();
  for (let offset = 0; offset < blob.size; offset += SLICE) {
    opts.signal?.throwIfAborted();
    const bytes = new Uint8Array(await blob.slice(offset, offset + SLICE).arrayBuffer());
    h.update(bytes);
    opts.onProgress?.(Math.min(blob.size, offset + SLICE));
  }
  return bytesToHex(h.digest());
}
