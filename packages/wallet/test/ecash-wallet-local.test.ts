import { describe, expect, it, vi } from 'vitest';
import {
  aesGcmCipher,
  EcashWallet,
  generateStorageKey,
  MemoryBackend,
  MemoryWalletStorage,
  type WalletEvent,
} from '../src/ecash/index.ts';

describe('EcashWallet without a mint', () => {
  it('creates a wallet once per storage and reopens it with the same phrase', async () => {
    const backend = new MemoryBackend();
    const wallet = await EcashWallet.create({ storage: new MemoryWalletStorage({ backend }) });
    expect(wallet.mnemonic.split(' ')).toHaveLength(12);
    await expect(
      EcashWallet.create({ storage: new MemoryWalletStorage({ backend }) }),
    ).rejects.toThrow(/already holds/);
    const reopened = await EcashWallet.open({ storage: new MemoryWalletStorage({ backend }) });
    expect(reopened.mnemonic).toBe(wallet.mnemonic);
    expect(await reopened.balance()).toEqual({ ready: 0, sent: 0, pending: 0, byMint: {} });
    expect(await reopened.history()).toEqual([]);
    await expect(reopened.send(1)).rejects.toMatchObject({ message: 'Not enough funds available' });
    await expect(reopened.addMint('ftp://mint.example')).rejects.toMatchObject({
      code: 'invalid-mint-url',
    });
    wallet.close();
    reopened.close();
  });

  it("refuses a stored phrase that is not valid ('Tried to instantiate with mnemonic...')", async () => {
    const storage = new MemoryWalletStorage();
    await storage.setMnemonic('not a valid phrase at all');
    await expect(EcashWallet.open({ storage })).rejects.toMatchObject({
      message: 'Tried to instantiate with mnemonic, but mnemonic was invalid',
    });
    await expect(EcashWallet.open({ storage: new MemoryWalletStorage() })).rejects.toThrow(
      /holds no ecash wallet/,
    );
  });

  it('tells the other tabs of the same wallet about changes and a new key', async () => {
    const backend = new MemoryBackend();
    const a = await EcashWallet.create({ storage: new MemoryWalletStorage({ backend }) });
    const b = await EcashWallet.open({ storage: new MemoryWalletStorage({ backend }) });
    const heard: WalletEvent[] = [];
    b.subscribe((e) => heard.push(e));
    await a.removeMint('https://mint.example');
    await vi.waitFor(() => expect(heard).toContain('changed'));
    await a.setCipher(await aesGcmCipher(generateStorageKey()));
    await vi.waitFor(() => expect(heard).toContain('rekeyed'));
    // Tab b would seal new records with the old key: it refuses to work until reopened.
    await expect(b.removeMint('https://mint.example')).rejects.toMatchObject({ code: 'locked' });
    // Without the new key the records cannot be read: tab b must reopen with it.
    await expect(new MemoryWalletStorage({ backend }).getMnemonic()).rejects.toMatchObject({
      code: 'locked',
    });
    a.close();
    b.close();
  });
});
