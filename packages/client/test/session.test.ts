import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bunkerAccount, demoAccounts } from '@swell/devnet';
import {
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  nip19,
  parseNcryptsec,
  type EventTemplate,
} from '@swell/nostr';
import * as nip49 from 'nostr-tools/nip49';
import { keyStorageKeys } from '../src/keys/key-names.ts';
import { Session, type SessionOptions } from '../src/session/session.ts';
import type { Nip07 } from '../src/signers/signer.ts';
import { MemoryStorage } from '../src/storage/storage.ts';
import { clientTestServer, waitFor, type ClientTestServer } from './helpers.ts';

const fast = { keyStore: { pinIterations: 1000 } };
const erin = demoAccounts.find((a) => a.name === bunkerAccount)!;

function session(storage: MemoryStorage, extra: Partial<SessionOptions> = {}) {
  return new Session({ storage, ...fast, detect: async () => null, ...extra });
}

/** A NIP-07 extension stand-in (browser extensions cannot run here) holding a real key. */
function extension(sk: Uint8Array): Nip07 {
  return {
    getPublicKey: async () => getPublicKey(sk),
    signEvent: async (t: EventTemplate) => finalizeEvent(t, sk),
  };
}

describe('Session (login, spec section 4)', () => {
  it('hands out the stored public key at once, before the signer is resolved', async () => {
    const storage = new MemoryStorage();
    const pk = getPublicKey(generateSecretKey());
    storage.setItem(keyStorageKeys.pubkey, pk);
    const s = session(storage);
    expect(s.getSnapshot()).toMatchObject({
      pubkey: pk,
      source: 'stored-pubkey',
      resolved: false,
      canSign: false,
    });
    await s.start();
    expect(s.getSnapshot()).toMatchObject({ pubkey: pk, source: 'stored-pubkey', resolved: true });
  });

  it('keeps a stored login unresolved while its code cannot be loaded, and tries again', async () => {
    const storage = new MemoryStorage();
    const sk = generateSecretKey();
    storage.setItem(keyStorageKeys.pubkey, getPublicKey(sk));
    storage.setItem(keyStorageKeys.secret, nip19.nsecEncode(sk));
    // Offline, the login code was never cached: the import fails as a browser's does.
    let offline = true;
    const s = session(storage, {
      loadLogin: () =>
        offline
          ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
          : import('../src/session/login-flows.ts'),
    });
    await expect(s.start()).rejects.toThrow('Failed to fetch dynamically imported module');
    // Not taken for a guest: the stored public key stays, and nothing is resolved yet.
    expect(s.getSnapshot()).toMatchObject({
      pubkey: getPublicKey(sk),
      resolved: false,
      canSign: false,
    });
    offline = false;
    await s.start();
    expect(s.getSnapshot()).toMatchObject({
      pubkey: getPublicKey(sk),
      source: 'local-key',
      resolved: true,
      canSign: true,
    });
  });

  it('a PIN set while the login sequence runs is not undone by it', async () => {
    const storage = new MemoryStorage();
    let finishDetect: (v: Nip07 | null) => void = () => {};
    const s = session(storage, { detect: () => new Promise((r) => (finishDetect = r)) });
    const running = s.start();
    const sk = generateSecretKey();
    await s.signInWithNsec(nip19.nsecEncode(sk), '1234', '1234');
    expect(storage.getItem(keyStorageKeys.secret)).not.toContain('nsec');
    finishDetect(null);
    await running;
    expect(s.getSnapshot()).toMatchObject({
      pubkey: getPublicKey(sk),
      source: 'local-key',
      needsPin: false,
      canSign: true,
    });
    expect((await s.signer!.signEvent({ kind: 1, tags: [], content: 'still me' })).pubkey).toBe(
      getPublicKey(sk),
    );
  });

  it('a sign-in before the login sequence ever ran makes it a no-op', async () => {
    const storage = new MemoryStorage();
    const s = session(storage);
    const sk = generateSecretKey();
    await s.signInWithNsec(nip19.nsecEncode(sk), '4321', '4321');
    await s.start();
    expect(s.getSnapshot()).toMatchObject({ source: 'local-key', needsPin: false, canSign: true });
    // A later page load asks for the PIN, and the PIN opens it.
    const next = session(storage);
    expect(next.getSnapshot().pubkey).toBe(getPublicKey(sk));
    await next.start();
    expect(next.getSnapshot()).toMatchObject({ needsPin: true, canSign: false });
    await next.unlock('4321');
    expect(next.getSnapshot()).toMatchObject({ needsPin: false, canSign: true });
  });

  it('prefers the extension to a stored key, and sign-out clears everything', async () => {
    const storage = new MemoryStorage();
    const sk = generateSecretKey();
    const s = session(storage, { detect: async () => extension(sk) });
    await s.start();
    expect(s.getSnapshot()).toMatchObject({
      pubkey: getPublicKey(sk),
      source: 'extension',
      signerType: 'extension',
      signer: 'ready',
    });
    await s.signOut();
    expect(s.getSnapshot()).toMatchObject({ pubkey: null, source: 'none', canSign: false });
    expect(storage.getItem(keyStorageKeys.pubkey)).toBeNull();
  });

  it('guests stay guests and need a signer for writing', async () => {
    const s = session(new MemoryStorage());
    await s.start();
    expect(s.getSnapshot()).toMatchObject({ pubkey: null, source: 'none', resolved: true });
    expect(() => s.requireSigner()).toThrow(/not-signed-in/);
  });
});

/** An ncryptsec's key security byte (NIP-49: after version, log_n, salt and nonce). */
const securityByte = (ncryptsec: string) => parseNcryptsec(ncryptsec).keySecurity;

describe('Session with several accounts (issue 34)', () => {
  const key = () => {
    const sk = generateSecretKey();
    return { sk, pk: getPublicKey(sk), nsec: nip19.nsecEncode(sk) };
  };
  /** Every stored value, to look for a key in. */
  const dump = (storage: MemoryStorage) =>
    storage
      .keys()
      .map((k) => `${k}=${storage.getItem(k)}`)
      .join('\n');

  it('adds, switches (each sealed key with its own PIN) and reopens the last used', async () => {
    const storage = new MemoryStorage();
    const alice = key();
    const bob = key();
    const s = session(storage);
    await s.signInWithNsec(alice.nsec, '1111', '1111');
    await s.signInWithNsec(bob.nsec);
    expect(s.getSnapshot()).toMatchObject({ pubkey: bob.pk, canSign: true });
    expect(s.getSnapshot().accounts.map((a) => [a.pubkey, a.active, a.locked])).toEqual([
      [bob.pk, true, false],
      [alice.pk, false, true],
    ]);
    // The slots hold bob only; alice is parked sealed under her PIN.
    expect(storage.getItem(keyStorageKeys.secret)).toBe(bob.nsec);
    expect(dump(storage)).not.toContain(alice.nsec);

    await s.switchAccount(alice.pk);
    expect(s.getSnapshot()).toMatchObject({ pubkey: alice.pk, needsPin: true, canSign: false });
    await expect(s.unlock('2222')).rejects.toMatchObject({ code: 'pin-wrong' });
    await s.unlock('1111');
    expect(s.getSnapshot()).toMatchObject({ pubkey: alice.pk, canSign: true });
    expect((await s.requireSigner().signEvent({ kind: 1, tags: [], content: 'a' })).pubkey).toBe(
      alice.pk,
    );

    // A reload opens alice (the last used) by her key, even with an extension of bob's present.
    const again = session(storage, { detect: async () => extension(bob.sk) });
    expect(again.getSnapshot().pubkey).toBe(alice.pk);
    await again.start();
    expect(again.getSnapshot()).toMatchObject({ pubkey: alice.pk, needsPin: true });
    await again.switchAccount(bob.pk);
    expect(again.getSnapshot()).toMatchObject({
      pubkey: bob.pk,
      canSign: true,
      source: 'local-key',
    });
  });

  it('removing an account leaves nothing of its key; signing out opens the next one', async () => {
    const storage = new MemoryStorage();
    const [alice, bob, carol] = [key(), key(), key()];
    const s = session(storage);
    await s.signInWithNsec(alice.nsec);
    await s.signInWithNsec(bob.nsec);
    await s.signInWithNsec(carol.nsec);
    await s.removeAccount(bob.pk);
    expect(dump(storage)).not.toContain(bob.pk);
    expect(dump(storage)).not.toContain(bob.nsec);
    expect(s.getSnapshot().accounts.map((a) => a.pubkey)).toEqual([carol.pk, alice.pk]);
    await s.signOut();
    expect(s.getSnapshot()).toMatchObject({ pubkey: alice.pk, canSign: true });
    expect(dump(storage)).not.toContain(carol.nsec);
    await s.signOut();
    expect(s.getSnapshot()).toMatchObject({ pubkey: null, canSign: false, accounts: [] });
    expect(storage.keys()).toEqual([]);
  });

  it('keeps one extension account, and says so when the extension holds another key', async () => {
    const storage = new MemoryStorage();
    const [alice, ext1, ext2] = [key(), key(), key()];
    let ext = ext1;
    const s = session(storage, { detect: async () => extension(ext.sk) });
    await s.signInWithNsec(alice.nsec);
    await s.signInWithExtension();
    expect(s.getSnapshot()).toMatchObject({ pubkey: ext1.pk, source: 'extension' });
    // The extension account's slots carry no secret of alice's.
    expect(storage.getItem(keyStorageKeys.secret)).toBeNull();
    await s.switchAccount(alice.pk);
    ext = ext2;
    await s.switchAccount(ext1.pk);
    expect(s.getSnapshot()).toMatchObject({
      pubkey: ext1.pk,
      canSign: false,
      notice: 'extension-key-changed',
    });
    await s.signInWithExtension();
    expect(s.getSnapshot().accounts.map((a) => [a.pubkey, a.source])).toEqual([
      [ext2.pk, 'extension'],
      [alice.pk, 'local-key'],
    ]);
  });

  it('a key fetch error drops that account only', async () => {
    const storage = new MemoryStorage();
    const [alice, ext1] = [key(), key()];
    let broken = false;
    const detect = async (): Promise<Nip07> => ({
      getPublicKey: async () => {
        if (broken) throw new Error('locked extension');
        return ext1.pk;
      },
      signEvent: async (t: EventTemplate) => finalizeEvent(t, ext1.sk),
    });
    const s = session(storage, { detect });
    await s.signInWithNsec(alice.nsec);
    await s.signInWithExtension();
    broken = true;
    const again = session(storage, { detect });
    await again.start();
    expect(again.getSnapshot()).toMatchObject({ pubkey: null });
    expect(again.getSnapshot().accounts.map((a) => a.pubkey)).toEqual([alice.pk]);
    await again.switchAccount(alice.pk);
    expect(again.getSnapshot()).toMatchObject({ pubkey: alice.pk, canSign: true });
  });
});

describe('Session with NIP-49 keys (ncryptsec)', () => {
  it('opens an ncryptsec made by nostr-tools; a wrong password stores nothing', async () => {
    const storage = new MemoryStorage();
    const s = session(storage);
    const sk = generateSecretKey();
    const ncryptsec = nip49.encrypt(sk, 'correct horse', 16);
    await expect(s.openNcryptsec(ncryptsec, 'wrong horse')).rejects.toMatchObject({
      code: 'password-wrong',
    });
    await expect(s.openNcryptsec('ncryptsec1qqq', 'x')).rejects.toMatchObject({
      code: 'invalid-ncryptsec',
    });
    expect(storage.keys()).toEqual([]);
    const nsec = await s.openNcryptsec(` ${ncryptsec}\n`, 'correct horse');
    expect(nsec).toBe(nip19.nsecEncode(sk));
    expect(storage.keys()).toEqual([]);
    await s.signInWithNsec(nsec, '1234', '1234');
    expect(s.getSnapshot()).toMatchObject({ pubkey: getPublicKey(sk), canSign: true });
  });

  it('seals the stored key as an ncryptsec that nostr-tools opens, with and without a PIN', async () => {
    const storage = new MemoryStorage();
    const s = session(storage);
    const sk = generateSecretKey();
    await s.signInWithNsec(nip19.nsecEncode(sk));
    await expect(s.exportNcryptsec('short', 'short')).rejects.toMatchObject({
      code: 'password-too-short',
    });
    await expect(s.exportNcryptsec('long enough', 'long enougH')).rejects.toMatchObject({
      code: 'password-mismatch',
    });
    const plain = await s.exportNcryptsec('long enough', 'long enough');
    expect(plain).toMatch(/^ncryptsec1/);
    expect(nip49.decrypt(plain, 'long enough')).toEqual(sk);
    // Kept without a PIN on this device: NIP-49's "handled insecurely".
    expect(securityByte(plain)).toBe(0);

    await s.setPin('2468', '2468');
    await expect(s.exportNcryptsec('long enough', 'long enough')).rejects.toMatchObject({
      code: 'pin-required',
    });
    await expect(s.exportNcryptsec('long enough', 'long enough', '0000')).rejects.toMatchObject({
      code: 'pin-wrong',
    });
    const sealed = await s.exportNcryptsec('long enough', 'long enough', '2468');
    expect(nip49.decrypt(sealed, 'long enough')).toEqual(sk);
    expect(securityByte(sealed)).toBe(2);
  });

  it('has nothing to export for an extension user', async () => {
    const storage = new MemoryStorage();
    const s = session(storage, { detect: async () => extension(generateSecretKey()) });
    await s.signInWithExtension();
    await expect(s.exportNcryptsec('long enough', 'long enough')).rejects.toMatchObject({
      code: 'no-stored-key',
    });
  });
});

describe('Session with the devnet NIP-46 bunker', () => {
  let server: ClientTestServer;
  const sessions: Session[] = [];
  beforeAll(async () => {
    server = await clientTestServer({ devnet: true });
  });
  afterAll(async () => {
    for (const s of sessions) s.signer?.close?.();
    await server?.close();
  });

  it('signs in through bunker://, comes back after a reload, and shows a dropped signer', async () => {
    const storage = new MemoryStorage();
    const first = session(storage);
    sessions.push(first);
    const { bunkerUrl } = (await (await fetch(`${server.url}/devnet/nip46`)).json()) as {
      bunkerUrl: string;
    };
    await first.signInWithBunker(bunkerUrl);
    expect(first.getSnapshot()).toMatchObject({
      pubkey: erin.pubkey,
      source: 'remote-signer',
      signerType: 'nip46',
      signer: 'ready',
    });
    first.signer!.close!();

    // Reload: the stored session reconnects without pairing again.
    const second = session(storage);
    sessions.push(second);
    expect(second.getSnapshot().pubkey).toBe(erin.pubkey);
    await second.start();
    expect(second.getSnapshot()).toMatchObject({ source: 'remote-signer', canSign: true });
    const e = await second.signer!.signEvent({ kind: 1, tags: [], content: 'after reload' });
    expect(e.pubkey).toBe(erin.pubkey);

    server.dropSockets();
    await waitFor(() => second.getSnapshot().signer === 'disconnected', 5000, 'disconnected');
    expect(second.getSnapshot().signerError).toBeTruthy();
    await waitFor(() => second.getSnapshot().signer === 'ready', 10_000, 'ready again');
  });
});
