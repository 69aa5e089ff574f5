import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  nip19,
  verifyEvent,
  type EventTemplate,
} from '@swell/nostr';
import type { ClientError } from '../src/errors.ts';
import { KeyStore } from '../src/keys/key-store.ts';
import { MemoryStorage } from '../src/storage/storage.ts';
import { detectExtension } from '../src/signers/detect-extension.ts';
import { ExtensionSigner } from '../src/signers/extension-signer.ts';
import { LocalKeySigner } from '../src/signers/local-key-signer.ts';
import {
  loginWithNsec,
  logout,
  resolveLogin,
  unlockWithPin,
} from '../src/signers/resolve-login.ts';
import type { Nip07 } from '../src/signers/signer.ts';
import { InstantClock } from './manual-clock.ts';

const shared = (name: string) =>
  JSON.parse(readFileSync(new URL(`./vectors/${name}`, import.meta.url), 'utf8'));
const fromHex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));

const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (e: ClientError) => e.code,
  );

/** A NIP-07 extension stand-in (browser extensions cannot run here) holding a real key. */
function fakeExtension(sk = generateSecretKey(), tamper = false): Nip07 & { calls: string[] } {
  const calls: string[] = [];
  const local = new LocalKeySigner(sk);
  return {
    calls,
    async getPublicKey() {
      calls.push('getPublicKey');
      return getPublicKey(sk);
    },
    async signEvent(t: EventTemplate) {
      calls.push('signEvent');
      const ev = finalizeEvent(t, sk);
      return tamper ? { ...ev, content: ev.content + '!' } : ev;
    },
    nip04: local.nip04,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('LocalKeySigner', () => {
  it('decrypts the NIP-04 vectors and round-trips NIP-04 and NIP-44', async () => {
    for (const v of shared('nip04.json').decrypt_vectors) {
      const s = new LocalKeySigner(fromHex(v.decrypt_with_secret_key));
      expect(await s.nip04.decrypt(v.counterparty_pubkey, v.ciphertext)).toBe(v.plaintext);
    }
    const nip44 = shared('nip44.vectors.json').v2.valid.encrypt_decrypt;
    for (const v of nip44.slice(0, 5)) {
      const s = new LocalKeySigner(fromHex(v.sec1));
      expect(await s.nip44.decrypt(getPublicKey(fromHex(v.sec2)), v.payload)).toBe(v.plaintext);
    }
    const a = generateSecretKey();
    const b = generateSecretKey();
    const sa = new LocalKeySigner(a);
    const sb = new LocalKeySigner(b);
    const c4 = await sa.nip04.encrypt(getPublicKey(b), 'hi bob');
    expect(await sb.nip04.decrypt(getPublicKey(a), c4)).toBe('hi bob');
    const c44 = await sa.nip44.encrypt(getPublicKey(b), 'hi again');
    expect(await sb.nip44.decrypt(getPublicKey(a), c44)).toBe('hi again');
    expect(await codeOf(sb.nip44.decrypt(getPublicKey(a), 'garbage'))).toBe('bad-cipher');
    expect(await codeOf(sb.nip04.decrypt(getPublicKey(a), 'garbage'))).toBe('bad-cipher');
  });

  it('signs verifiable events and refuses everything after forget()', async () => {
    const s = new LocalKeySigner(generateSecretKey());
    const ev = await s.signEvent({ kind: 1, tags: [['t', 'x']], content: 'x' });
    expect(verifyEvent(ev)).toBe(true);
    s.forget();
    expect(await codeOf(s.signEvent({ kind: 1, tags: [], content: '' }))).toBe('sign-no-nsec');
    expect(await codeOf(s.getPublicKey())).toBe('pubkey-no-nsec');
    expect(await codeOf(s.nip04.encrypt('00'.repeat(32), 'x'))).toBe('encrypt-no-nsec');
    expect(await codeOf(s.nip44.decrypt('00'.repeat(32), 'x'))).toBe('decrypt-no-nsec');
  });
});

describe('NIP-07 extension', () => {
  it('is found when it appears within 4 tries 250 ms apart', async () => {
    const ext = fakeExtension();
    let reads = 0;
    const found = await detectExtension({
      getNostr: () => (++reads >= 3 ? ext : undefined),
      intervalMs: 5,
    });
    expect(found).toBe(ext);
    expect(reads).toBe(3);
  });

  it('logs "Nostr extension not found" after 4 tries and gives null', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    let reads = 0;
    const clock = new InstantClock();
    expect(await detectExtension({ getNostr: () => (reads++, undefined), clock })).toBeNull();
    expect(reads).toBe(4);
    // The spec's defaults: 4 tries, so 3 waits of 250 ms between them.
    expect(clock.delays).toEqual([250, 250, 250]);
    expect(info).toHaveBeenCalledWith('Nostr extension not found');
  });

  it('reads window.nostr by default', async () => {
    const ext = fakeExtension();
    (globalThis as { nostr?: unknown }).nostr = ext;
    try {
      expect(await detectExtension({ tries: 1 })).toBe(ext);
    } finally {
      delete (globalThis as { nostr?: unknown }).nostr;
    }
  });

  it('signs through the extension and refuses a signature that does not verify', async () => {
    const good = new ExtensionSigner(fakeExtension());
    expect(verifyEvent(await good.signEvent({ kind: 1, tags: [], content: 'a' }))).toBe(true);
    const bad = new ExtensionSigner(fakeExtension(generateSecretKey(), true));
    expect(await codeOf(bad.signEvent({ kind: 1, tags: [], content: 'a' }))).toBe(
      'event-sig-not-verified',
    );
    expect(await codeOf(bad.nip44.encrypt('00'.repeat(32), 'x'))).toBe('no_nostr_extension');
  });
});

describe('login sequence (spec section 4)', () => {
  const none = async () => null;

  it('prefers the extension and stores its public key', async () => {
    const sk = generateSecretKey();
    const ks = new KeyStore(new MemoryStorage(), { pinIterations: 1000 });
    await ks.saveSecret(nip19.nsecEncode(generateSecretKey()));
    const early: Array<string | null> = [];
    const state = await resolveLogin({
      keyStore: ks,
      detect: async () => fakeExtension(sk),
      onStoredPubkey: (pk) => early.push(pk),
    });
    expect(early).toHaveLength(1);
    expect(state.source).toBe('extension');
    expect(state.pubkey).toBe(getPublicKey(sk));
    expect(ks.storedPubkey()).toBe(getPublicKey(sk));
  });

  it('falls back to the stored key, or asks for the PIN when it is protected', async () => {
    const sk = generateSecretKey();
    const ks = new KeyStore(new MemoryStorage(), { pinIterations: 1000 });
    await ks.saveSecret(nip19.nsecEncode(sk));
    const plain = await resolveLogin({ keyStore: ks, detect: none });
    expect(plain).toMatchObject({ source: 'local-key', needsPin: false, pubkey: getPublicKey(sk) });
    expect(verifyEvent(await plain.signer!.signEvent({ kind: 1, tags: [], content: 'x' }))).toBe(
      true,
    );

    await ks.setPin('1234', '1234');
    const locked = await resolveLogin({ keyStore: ks, detect: none });
    expect(locked).toMatchObject({ needsPin: true, signer: null, pubkey: getPublicKey(sk) });
    expect(await codeOf(unlockWithPin(ks, '4321'))).toBe('pin-wrong');
    const unlocked = await unlockWithPin(ks, '1234');
    expect(await unlocked.signer!.getPublicKey()).toBe(getPublicKey(sk));
  });

  it('a key fetch error of the extension clears the stored public key', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const ks = new KeyStore(new MemoryStorage());
    ks.setStoredPubkey(getPublicKey(generateSecretKey()));
    const broken = {
      ...fakeExtension(),
      getPublicKey: async () => Promise.reject(new Error('denied')),
    };
    const state = await resolveLogin({ keyStore: ks, detect: async () => broken });
    expect(state).toMatchObject({ pubkey: null, signer: null, source: 'none' });
    expect(ks.storedPubkey()).toBeNull();
  });

  it('a stored public key alone gives read-only; nothing gives a guest; logout clears', async () => {
    const ks = new KeyStore(new MemoryStorage());
    expect(await resolveLogin({ keyStore: ks, detect: none })).toMatchObject({
      source: 'none',
      pubkey: null,
    });
    const pk = getPublicKey(generateSecretKey());
    ks.setStoredPubkey(pk);
    expect(await resolveLogin({ keyStore: ks, detect: none })).toMatchObject({
      source: 'stored-pubkey',
      pubkey: pk,
      signer: null,
    });
    const state = await loginWithNsec(ks, nip19.nsecEncode(generateSecretKey()));
    logout(ks, state.signer);
    expect(ks.hasSecret()).toBe(false);
    expect(ks.storedPubkey()).toBeNull();
    expect(await codeOf(state.signer!.signEvent({ kind: 1, tags: [], content: '' }))).toBe(
      'sign-no-nsec',
    );
    expect(await codeOf(loginWithNsec(ks, 'nsec1nope'))).toBe('invalid-nsec');
  });
});
