import { schnorr } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { initNostrWasm, type Nostr } from 'nostr-wasm';
import type { NostrEvent } from '@swell/nostr';

/** What an author fills in before signing. */
export interface Template {
  kind: number;
  created_at: number;
  tags: string[][];
  content: string;
}

const ZERO_AUX = new Uint8Array(32);
let wasm: Promise<Nostr> | undefined;

/**
 * Signs with BIP-340 and zero auxiliary randomness, so one key and one template always give
 * the same signature (the demo network must be byte-identical for one seed). Uses the
 * secp256k1 WASM build: about five times faster than pure JS, and the same bytes.
 */
export class DeterministicSigner {
  private readonly nostr: Nostr;

  private constructor(nostr: Nostr) {
    this.nostr = nostr;
  }

  static async create(): Promise<DeterministicSigner> {
    wasm ??= initNostrWasm();
    const signer = new DeterministicSigner(await wasm);
    // nostr-wasm keeps its entropy buffer as it is when `ent` is passed: make sure it holds the
    // zero aux of BIP-340's deterministic signing (noble computes the reference signature).
    const probeKey = new Uint8Array(32).fill(7);
    const probe = signer.sign({ kind: 1, created_at: 0, tags: [], content: 'probe' }, probeKey);
    const expected = bytesToHex(schnorr.sign(hexToBytes(probe.id), probeKey, ZERO_AUX));
    if (probe.sig !== expected)
      throw new Error('deterministic signing is unavailable (nostr-wasm entropy not zero)');
    return signer;
  }

  /** The x-only public key (hex) of a secret key. */
  publicKey(secretKey: Uint8Array): string {
    return bytesToHex(this.nostr.getPublicKey(secretKey));
  }

  /** Whether the event's id and BIP-340 signature are valid. */
  verify(event: NostrEvent): boolean {
    try {
      this.nostr.verifyEvent({ ...event });
      return true;
    } catch {
      return false;
    }
  }

  sign(template: Template, secretKey: Uint8Array): NostrEvent {
    const draft = { ...template, id: '', pubkey: '', sig: '' };
    this.nostr.finalizeEvent(draft, secretKey, ZERO_AUX);
    return {
      id: draft.id,
      pubkey: draft.pubkey,
      created_at: template.created_at,
      kind: template.kind,
      tags: template.tags,
      content: template.content,
      sig: draft.sig,
    };
  }
}
