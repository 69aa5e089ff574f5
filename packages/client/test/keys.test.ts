import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateSecretKey, getPublicKey, nip19, verifyEvent } from '@swell/nostr';
import { ClientError } from '../src/errors.ts';
import { KeyStore, keyStorageKeys, parseNsec, validatePin } from '../src/keys/key-store.ts';
import { decryptWithPin, toBase64 } from '../src/keys/pin-crypto.ts';
import { MemoryStorage } from '../src/storage/storage.ts';

const vectors = JSON.parse(
  readFileSync(new URL('./vectors/nip19.json', import.meta.url), 'utf8'),
) as {
  valid: Array<{ bech32: string; type: string; data: string }>;
  invalid: Array<{ bech32: string }>;
};
const nsecVectors = vectors.valid.filter((v) => v.type === 'nsec');
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

const codeOf = async (p: Promise<unknown> | (() => unknown)) => {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    return (e as ClientError).code;
  }
  return 'no error';
};

/** The reference client's format: AES-CBC, key SHA-256(PIN), `prpec<b64 ct>?iv=<b64 iv>`. */
async function referencePrpec(pin: string, text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(pin));
  const key = await crypto.subtle.importKey('raw', digest, 'AES-CBC', false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const ct = await crypto.subtle.encrypt(
    { name: 'AES-CBC', iv },
    key,
    new TextEncoder().encode(text),
  );
  return `prpec${toBase64(new Uint8Array(ct))}?iv=${toBase64(iv)}`;
}

describe('nsec and PIN validation', () => {
  it('accepts the nsec vectors and refuses anything else with invalid-nsec', async () => {
    for (const v of nsecVectors) expect(hex(parseNsec(v.bech32))).toBe(v.data);
    for (const v of vectors.valid.filter((x) => x.type !== 'nsec')) {
      expect(await codeOf(() => parseNsec(v.bech32))).toBe('invalid-nsec');
    }
    for (const v of vectors.invalid)
      expect(await codeOf(() => parseNsec(v.bech32))).toBe('invalid-nsec');
    expect(await codeOf(() => parseNsec(nsecVectors[0]!.data))).toBe('invalid-nsec');
  });

  it('never throws anything but invalid-nsec on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        try {
          parseNsec(s);
          return s
            .trim()
            .replace(/^nostr:/i, '')
            .startsWith('nsec1');
        } catch (e) {
          return e instanceof ClientError && e.code === 'invalid-nsec';
        }
      }),
    );
  });

  it('PIN needs 4 characters and two equal entries', async () => {
    expect(await codeOf(() => validatePin('123', '123'))).toBe('pin-too-short');
    expect(await codeOf(() => validatePin('1234', '1235'))).toBe('pin-mismatch');
    expect(await codeOf(() => validatePin('1234', '1234'))).toBe('no error');
  });
});

describe('KeyStore', () => {
  const nsec = nsecVectors[0]!.bech32;
  const pubkey = getPublicKey(parseNsec(nsec));

  it('stores a pasted nsec without PIN and reads it back', async () => {
    const storage = new MemoryStorage();
    const ks = new KeyStore(storage);
    const saved = await ks.saveSecret(`  ${nsec} `);
    expect(saved.pubkey).toBe(pubkey);
    expect(ks.storedPubkey()).toBe(pubkey);
    expect(ks.isLocked()).toBe(false);
    expect(hex(ks.readPlainSecret()!)).toBe(nsecVectors[0]!.data);
    expect(
      await codeOf(
        ks.saveSecret('npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6'),
      ),
    ).toBe('invalid-nsec');
  });

  it('with a PIN stores the secret encrypted only; the right PIN opens it, a wrong one is refused', async () => {
    const storage = new MemoryStorage();
    const ks = new KeyStore(storage);
    await ks.saveSecret(nsec, '2468');
    const everything = storage
      .keys()
      .map((k) => storage.getItem(k)!)
      .join('\n');
    expect(everything).not.toContain(nsec);
    expect(everything).not.toContain(nsecVectors[0]!.data);
    expect(storage.getItem(keyStorageKeys.secret)).toMatch(/^swpin1:600000:/);
    expect(ks.isLocked()).toBe(true);
    expect(await codeOf(() => ks.readPlainSecret())).toBe('pin-required');
    const protectedValue = storage.getItem(keyStorageKeys.secret);
    expect(await codeOf(ks.unlock('2469'))).toBe('pin-wrong');
    // A wrong PIN leaves the stored data as it was.
    expect(storage.getItem(keyStorageKeys.secret)).toBe(protectedValue);
    expect(ks.storedPubkey()).toBe(pubkey);
    const opened = await ks.unlock('2468');
    expect(opened.pubkey).toBe(pubkey);
    expect(hex(opened.secretKey)).toBe(nsecVectors[0]!.data);
  });

  it('setPin protects an already stored key', async () => {
    const storage = new MemoryStorage();
    const ks = new KeyStore(storage, { pinIterations: 1000 });
    await ks.saveSecret(nsec);
    expect(await codeOf(ks.setPin('1234', '4321'))).toBe('pin-mismatch');
    await ks.setPin('1234', '1234');
    expect(storage.getItem(keyStorageKeys.secret)).not.toContain('nsec');
    expect((await ks.unlock('1234')).pubkey).toBe(pubkey);
  });

  it('reads keys saved by the reference client in the prpec format and upgrades them', async () => {
    const storage = new MemoryStorage();
    storage.setItem(keyStorageKeys.secret, await referencePrpec('9999', nsec));
    const ks = new KeyStore(storage, { pinIterations: 1000 });
    expect(ks.isLocked()).toBe(true);
    // A wrong PIN either breaks the padding or yields garbage that is not a key: refused.
    const legacy = storage.getItem(keyStorageKeys.secret);
    for (const wrong of ['9998', '0000', 'abcd', '99999']) {
      expect(await codeOf(ks.unlock(wrong))).toBe('pin-wrong');
      expect(storage.getItem(keyStorageKeys.secret)).toBe(legacy);
    }
    const opened = await ks.unlock('9999');
    expect(opened.pubkey).toBe(pubkey);
    expect(storage.getItem(keyStorageKeys.secret)).toMatch(/^swpin1:1000:/);
    expect((await ks.unlock('9999')).pubkey).toBe(pubkey);
    // A prpec value holding a hex key is read too.
    storage.setItem(keyStorageKeys.secret, await referencePrpec('1111', nsecVectors[1]!.data));
    expect(hex((await ks.unlock('1111')).secretKey)).toBe(nsecVectors[1]!.data);
  });

  it('a stored key that is no usable key is reported as invalid-nsec, not a curve error', async () => {
    const storage = new MemoryStorage();
    const ks = new KeyStore(storage);
    storage.setItem(keyStorageKeys.secret, '00'.repeat(32));
    expect(await codeOf(() => ks.readPlainSecret())).toBe('invalid-nsec');
    storage.setItem(keyStorageKeys.secret, nip19.nsecEncode(new Uint8Array(32).fill(255)));
    expect(await codeOf(() => ks.readPlainSecret())).toBe('invalid-nsec');
    expect(await codeOf(ks.saveSecret(nip19.nsecEncode(new Uint8Array(32))))).toBe('invalid-nsec');
  });

  it('refuses malformed protected values with bad-cipher', async () => {
    expect(await codeOf(decryptWithPin('1234', 'prpecnot-base64!?iv=AAAA'))).toBe('bad-cipher');
    expect(await codeOf(decryptWithPin('1234', 'swpin1:x:y'))).toBe('bad-cipher');
    expect(await codeOf(decryptWithPin('1234', 'swpin1:99999999999:AAAA:AAAA:AAAA'))).toBe(
      'bad-cipher',
    );
    expect(await codeOf(decryptWithPin('1234', 'plain'))).toBe('bad-cipher');
  });

  it('forgot PIN and logout clear the secret and the key', async () => {
    const storage = new MemoryStorage();
    const ks = new KeyStore(storage, { pinIterations: 1000 });
    await ks.saveSecret(nsec, '1234');
    ks.forgetPin();
    expect(ks.hasSecret()).toBe(false);
    expect(ks.storedPubkey()).toBeNull();
    await ks.saveSecret(nsec);
    ks.logout();
    expect(storage.size).toBe(0);
  });

  it('round-trips random keys and PINs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 4, maxLength: 12 }), async (pin) => {
        const storage = new MemoryStorage();
        const ks = new KeyStore(storage, { pinIterations: 10 });
        const sk = generateSecretKey();
        await ks.saveSecret(nip19.nsecEncode(sk), pin);
        return hex((await ks.unlock(pin)).secretKey) === hex(sk);
      }),
      { numRuns: 20 },
    );
  });

  it('signs real events after unlocking', async () => {
    const { unlockWithPin } = await import('../src/signers/resolve-login.ts');
    const ks = new KeyStore(new MemoryStorage(), { pinIterations: 1000 });
    await ks.saveSecret(nsec, '1234');
    const { signer } = await unlockWithPin(ks, '1234');
    const ev = await signer!.signEvent({ kind: 1, tags: [], content: 'hello' });
    expect(ev.pubkey).toBe(pubkey);
    expect(verifyEvent(ev)).toBe(true);
  });
});
