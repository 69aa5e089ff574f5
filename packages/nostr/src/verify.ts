import { schnorr } from '@noble/curves/secp256k1.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { getEventHash } from './event.ts';
import { isHex128, isHex64 } from './hex.ts';
import type { NostrEvent } from './types.ts';

interface WasmVerifier {
  verifyEvent(event: NostrEvent): void;
}

let wasm: WasmVerifier | undefined;
let loading: Promise<'wasm' | 'js'> | undefined;

/**
 * Loads nostr-wasm once. Resolves 'wasm' when it loaded, 'js' when WebAssembly is not
 * available (verification then stays on the pure-JS @noble path). Never rejects.
 */
export function initVerifier(): Promise<'wasm' | 'js'> {
  loading ??= (async (): Promise<'wasm' | 'js'> => {
    try {
      const mod = await import('nostr-wasm');
      wasm = (await mod.initNostrWasm()) as WasmVerifier;
      return 'wasm';
    } catch (err) {
      console.warn('nostr-wasm could not load, using pure-JS verification:', String(err));
      return 'js';
    }
  })();
  return loading;
}

/** Which path `verifyEvent` currently uses. */
export function verifierKind(): 'wasm' | 'js' {
  return wasm ? 'wasm' : 'js';
}

/** Pure-JS check of the id and BIP-340 signature. Never throws. */
export function verifyEventJs(event: NostrEvent): boolean {
  try {
    if (!isHex64(event.id) || !isHex64(event.pubkey) || !isHex128(event.sig)) return false;
    if (getEventHash(event) !== event.id) return false;
    return schnorr.verify(hexToBytes(event.sig), hexToBytes(event.id), hexToBytes(event.pubkey));
  } catch {
    return false;
  }
}

/** WASM check of the id and signature; throws if `initVerifier` has not loaded WASM. */
export function verifyEventWasm(event: NostrEvent): boolean {
  if (!wasm) throw new Error('nostr-wasm is not initialised: await initVerifier() first');
  try {
    if (!isHex64(event.id) || !isHex64(event.pubkey) || !isHex128(event.sig)) return false;
    wasm.verifyEvent(event);
    return true;
  } catch {
    return false;
  }
}

/**
 * Events whose content is longer than this are checked on the pure-JS path: nostr-wasm copies the
 * serialized event into its small fixed heap, and fails (as "bad signature") on events of about
 * 1 MB and more, such as the cache's upload chunks.
 */
export const WASM_MAX_CONTENT = 256 * 1024;

const useWasm = (event: NostrEvent): boolean =>
  wasm !== undefined && event.content.length <= WASM_MAX_CONTENT;

/** Why an event fails verification, or 'ok'. */
export type VerifyOutcome = 'ok' | 'bad id' | 'bad signature';

/**
 * Like `verifyEvent`, but says whether the id or the signature is wrong (hashing once).
 * The event's fields must already have a valid shape (see `validateEvent`). Never throws.
 */
export function verifyEventDetailed(event: NostrEvent): VerifyOutcome {
  if (wasm && useWasm(event)) {
    try {
      wasm.verifyEvent(event);
      return 'ok';
    } catch (err) {
      return err instanceof Error && /^id /.test(err.message) ? 'bad id' : 'bad signature';
    }
  }
  try {
    if (getEventHash(event) !== event.id) return 'bad id';
    const ok = schnorr.verify(
      hexToBytes(event.sig),
      hexToBytes(event.id),
      hexToBytes(event.pubkey),
    );
    return ok ? 'ok' : 'bad signature';
  } catch {
    return 'bad signature';
  }
}

/**
 * Checks that the id is the hash of the event and the signature is valid. Synchronous: uses
 * WASM once `initVerifier()` has resolved 'wasm' (for events up to WASM_MAX_CONTENT), the
 * pure-JS path otherwise. Never throws.
 */
export function verifyEvent(event: NostrEvent): boolean {
  return useWasm(event) ? verifyEventWasm(event) : verifyEventJs(event);
}

/**
 * BIP-340 verification of a 64-byte signature over a 32-byte message (all hex), pure JS.
 * Never throws.
 */
export function verifySchnorr(sig: string, message: string, pubkey: string): boolean {
  try {
    if (!isHex128(sig) || !isHex64(message) || !isHex64(pubkey)) return false;
    return schnorr.verify(hexToBytes(sig), hexToBytes(message), hexToBytes(pubkey));
  } catch {
    return false;
  }
}
