import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  aesGcmCipher,
  generateStorageKey,
  IndexedDbBackend,
  MemoryBackend,
  SEALED_PREFIX,
  SealedWalletStorage,
  StoredCounterSource,
  type RecordBackend,
  type StoredProof,
} from '../src/ecash/index.ts';

const proof = (secret: string, amount = 8): StoredProof => ({
  id: '01aa',
  amount,
  secret,
  C: `02${'c'.repeat(64)}`,
  mint: 'https://mint.example',
  state: 'ready',
  addedAt: 1,
});

let dbCount = 0;
const backends: Array<[string, () => Promise<RecordBackend>]> = [
  ['memory', async () => new MemoryBackend()],
  ['IndexedDB', () => IndexedDbBackend.open(`wallet-test-${++dbCount}`)],
];

describe.each(backends)('wallet storage on %s', (_name, open) => {
  it('reserves counters in order, persisted for the next instance', async () => {
    const backend = await open();
    const a = new SealedWalletStorage(backend);
    expect(await a.reserveCounters('seed', 'ks', 3)).toEqual({ start: 0, count: 3 });
    expect(await a.reserveCounters('seed', 'ks', 0)).toEqual({ start: 3, count: 0 });
    expect(await a.reserveCounters('seed', 'ks', 2)).toEqual({ start: 3, count: 2 });
    expect(await a.reserveCounters('other-seed', 'ks', 1)).toEqual({ start: 0, count: 1 });
    const b = new SealedWalletStorage(backend);
    expect(await b.counters('seed')).toEqual({ ks: 5 });
    await b.advanceCounter('seed', 'ks', 4); // behind: no effect
    await b.advanceCounter('seed', 'ks', 9);
    expect(await b.reserveCountersAt('seed', 'ks', 12, 2)).toEqual({ start: 12, count: 2 });
    await expect(b.reserveCountersAt('seed', 'ks', 13, 1)).rejects.toThrow(/already issued/);
    const source = new StoredCounterSource(b, 'seed');
    expect(await source.reserve('ks', 1)).toEqual({ start: 14, count: 1 });
    expect(await source.snapshot()).toEqual({ ks: 15 });
  });

  it('never hands out a counter twice, even to concurrent reservations', async () => {
    const backend = await open();
    // Two storages on one backend, like two tabs on one database.
    const tabs = [new SealedWalletStorage(backend), new SealedWalletStorage(backend)];
    const ranges = await Promise.all(
      Array.from({ length: 24 }, (_, i) => tabs[i % 2]!.reserveCounters('seed', 'ks', 1 + (i % 3))),
    );
    const used = ranges.flatMap((r) => Array.from({ length: r.count }, (_, i) => r.start + i));
    expect(new Set(used).size).toBe(used.length);
    expect(Math.max(...used) + 1).toBe(used.length);
    expect(await tabs[0]!.counters('seed')).toEqual({ ks: used.length });
  });

  it('commits proofs, history and operations all together', async () => {
    const s = new SealedWalletStorage(await open());
    await s.commit({
      putProofs: [proof('a'), proof('b', 2)],
      putHistory: [
        {
          id: 'h1',
          kind: 'mint',
          mint: 'm',
          amount: 10,
          fee: 0,
          status: 'done',
          createdAt: 1,
          updatedAt: 1,
        },
        {
          id: 'h2',
          kind: 'send',
          mint: 'm',
          amount: 2,
          fee: 0,
          status: 'pending',
          createdAt: 2,
          updatedAt: 2,
        },
      ],
      putOperations: [
        {
          id: 'op',
          kind: 'swap',
          purpose: 'send',
          mint: 'm',
          keysetId: 'ks',
          counterStart: 0,
          counterCount: 2,
          inputs: ['a'],
          createdAt: 1,
        },
      ],
      putMints: [{ url: 'm', addedAt: 1 }],
    });
    expect((await s.proofs()).map((p) => p.secret).sort()).toEqual(['a', 'b']);
    expect((await s.history()).map((h) => h.id)).toEqual(['h2', 'h1']);
    await s.commit({
      deleteProofs: ['a'],
      deleteOperations: ['op'],
      putProofs: [{ ...proof('b', 2), state: 'sent', ref: 'h2' }],
    });
    expect(await s.proofs()).toEqual([{ ...proof('b', 2), state: 'sent', ref: 'h2' }]);
    expect(await s.operations()).toEqual([]);
    expect((await s.mints()).map((m) => m.url)).toEqual(['m']);
  });

  it('encrypts every record at rest when given a cipher', async () => {
    const backend = await open();
    const key = generateStorageKey();
    const sealed = new SealedWalletStorage(backend, { cipher: await aesGcmCipher(key) });
    const secret = 'f'.repeat(64);
    const mnemonic =
      'half depart obvious quality work element tank gorilla view sugar picture humble';
    await sealed.setMnemonic(mnemonic);
    await sealed.commit({
      putProofs: [proof(secret)],
      putHistory: [
        {
          id: 'h',
          kind: 'send',
          mint: 'm',
          amount: 1,
          fee: 0,
          status: 'pending',
          createdAt: 1,
          updatedAt: 1,
          token: 'cashuBsecret-token',
        },
      ],
    });
    await sealed.reserveCounters('seed', 'ks', 4);
    for (const store of ['meta', 'proofs', 'history', 'counters'] as const) {
      for (const row of await backend.getAll(store)) {
        expect(row.value.startsWith(SEALED_PREFIX)).toBe(true);
        for (const plain of [secret, 'half depart', 'cashuBsecret-token', '"next"']) {
          expect(row.value).not.toContain(plain);
        }
      }
    }
    // Same key: readable. Another key or none: locked, and nothing is lost.
    const again = new SealedWalletStorage(backend, { cipher: await aesGcmCipher(key) });
    expect(await again.getMnemonic()).toBe(mnemonic);
    expect((await again.proofs())[0]!.secret).toBe(secret);
    expect(await again.counters('seed')).toEqual({ ks: 4 });
    const wrong = new SealedWalletStorage(backend, {
      cipher: await aesGcmCipher(generateStorageKey()),
    });
    await expect(wrong.proofs()).rejects.toMatchObject({ code: 'locked' });
    await expect(new SealedWalletStorage(backend).getMnemonic()).rejects.toMatchObject({
      code: 'locked',
    });
    expect(await again.getMnemonic()).toBe(mnemonic);
  });

  it('re-encrypts everything when a PIN is set, changed or removed', async () => {
    const backend = await open();
    const plain = new SealedWalletStorage(backend);
    await plain.setMnemonic('words');
    await plain.commit({ putProofs: [proof('s1')] });
    await plain.reserveCounters('seed', 'ks', 2);
    const first = await aesGcmCipher(generateStorageKey());
    await plain.rekey(first);
    const rows = await backend.getAll('proofs');
    expect(rows[0]!.value.startsWith(SEALED_PREFIX)).toBe(true);
    expect((await plain.proofs())[0]!.secret).toBe('s1');
    const second = await aesGcmCipher(generateStorageKey());
    await plain.rekey(second);
    await expect(
      new SealedWalletStorage(backend, { cipher: first }).proofs(),
    ).rejects.toMatchObject({ code: 'locked' });
    const reopened = new SealedWalletStorage(backend, { cipher: second });
    expect(await reopened.getMnemonic()).toBe('words');
    expect(await reopened.counters('seed')).toEqual({ ks: 2 });
    await reopened.rekey(null);
    expect((await backend.getAll('meta'))[0]!.value).toBe('"words"');
    expect(await new SealedWalletStorage(backend).getMnemonic()).toBe('words');
  });
});

describe('IndexedDB wallet storage', () => {
  it('keeps its records across a close and a reopen', async () => {
    const first = await IndexedDbBackend.open('wallet-reopen');
    const s = new SealedWalletStorage(first);
    await s.commit({ putProofs: [proof('persisted')] });
    await s.reserveCounters('seed', 'ks', 7);
    s.close();
    const second = new SealedWalletStorage(await IndexedDbBackend.open('wallet-reopen'));
    expect((await second.proofs()).map((p) => p.secret)).toEqual(['persisted']);
    expect(await second.reserveCounters('seed', 'ks', 1)).toEqual({ start: 7, count: 1 });
    second.close();
  });
});
