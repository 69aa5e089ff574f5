import {
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  nip44DecryptFrom,
  nip44EncryptTo,
  NUTZAP_INFO_KIND,
  nutzapTemplate,
  parseNutzapInfo,
  type Filter,
  type NostrEvent,
} from '@swell/nostr';
import { CacheClient } from '@swell/server/testing';
import { WebSocketRelayTransport } from '@swell/wallet';
import { EcashWallet, MemoryWalletStorage, type Nip60Io } from '@swell/wallet/ecash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetServer, payDevnetInvoice, type DevnetTestServer } from './ecash-helpers.ts';

/** A user's device: its own socket to the relay, NIP-44 to self, signing with their key. */
function device(server: DevnetTestServer, key: Uint8Array) {
  const transport = new WebSocketRelayTransport();
  const relay = server.wsUrl('/relay');
  const pubkey = getPublicKey(key);
  const query = (filters: Filter[]) =>
    new Promise<NostrEvent[]>((resolve) => {
      const events: NostrEvent[] = [];
      const sub = transport.subscribe(filters, {
        relays: [relay],
        onEvent: (e) => events.push(e),
        onEose: () => {
          queueMicrotask(() => sub.close());
          resolve(events);
        },
      });
    });
  const sign = (template: { kind: number; tags: string[][]; content: string }) =>
    finalizeEvent({ ...template, created_at: Math.floor(Date.now() / 1000) }, key);
  const io: Nip60Io = {
    pubkey,
    relays: [relay],
    encrypt: async (text) => nip44EncryptTo(key, pubkey, text),
    decrypt: async (payload) => nip44DecryptFrom(key, pubkey, payload),
    publish: async (template) => {
      const event = sign(template);
      const sent = transport.publish(event, [relay]).then(
        () => true,
        () => false,
      );
      await sent;
      return { id: event.id, sent };
    },
    query,
  };
  return { io, query, sign, relay, transport, close: () => transport.close() };
}

async function fund(server: DevnetTestServer, wallet: EcashWallet, sats: number) {
  const quote = await wallet.createInvoice(server.mintUrl, sats);
  await payDevnetInvoice(server, quote.invoice!);
  await wallet.waitForInvoice(quote.id, { intervalMs: 20 });
}

describe('NIP-61 nutzaps between two users (devnet mint, real relay)', () => {
  let server: DevnetTestServer;
  const aliceKey = generateSecretKey();
  const bobKey = generateSecretKey();
  let alice: ReturnType<typeof device>;
  let alice2: ReturnType<typeof device>;
  let bob: ReturnType<typeof device>;
  const wallets: EcashWallet[] = [];

  beforeAll(async () => {
    server = await devnetServer();
    alice = device(server, aliceKey);
    alice2 = device(server, aliceKey);
    bob = device(server, bobKey);
  });

  afterAll(async () => {
    for (const w of wallets) w.close();
    alice?.close();
    alice2?.close();
    bob?.close();
    await server?.close();
  });

  it(
    "bob nutzaps 21 sats to alice's note; alice redeems it once; the note counts it once",
    { timeout: 180_000 },
    async () => {
      const aliceWallet = await EcashWallet.create({
        storage: new MemoryWalletStorage(),
        lockName: 'nip61-alice',
      });
      const bobWallet = await EcashWallet.create({
        storage: new MemoryWalletStorage(),
        lockName: 'nip61-bob',
      });
      wallets.push(aliceWallet, bobWallet);
      await aliceWallet.addMint(server.mintUrl);
      await bobWallet.addMint(server.mintUrl);
      await fund(server, bobWallet, 100);
      // Alice's wallet in her relays, with her nutzap info (10019).
      await aliceWallet.syncRelays(alice.io);
      const note = alice.sign({ kind: 1, tags: [], content: 'nutzap me' });
      await alice.transport.publish(note, [alice.relay]);

      // Bob reads her 10019 and locks 21 sats to its key at a mint it lists.
      const [infoEvent] = await bob.query([
        { kinds: [NUTZAP_INFO_KIND], authors: [getPublicKey(aliceKey)] },
      ]);
      const info = parseNutzapInfo(infoEvent!)!;
      expect(info.mints.map((m) => m.url)).toEqual([server.mintUrl]);
      expect(info.relays).toEqual([alice.relay]);
      expect((await aliceWallet.lockKeys()).length).toBe(1);
      const { proofs, entry } = await bobWallet.sendNutzap(21, {
        mint: info.mints[0]!.url,
        pubkey: info.pubkey,
      });
      expect(entry).toMatchObject({ kind: 'send', amount: 21, status: 'done' });
      for (const p of proofs) {
        expect(JSON.parse(p.secret)).toMatchObject(['P2PK', { data: info.pubkey }]);
        expect(p.dleq).toBeDefined();
      }
      const nutzap = bob.sign(
        nutzapTemplate(
          {
            recipient: getPublicKey(aliceKey),
            mint: info.mints[0]!.url,
            proofs,
            eventId: note.id,
            targetKind: 1,
            comment: 'for the note',
          },
          0,
        ),
      );
      await bob.transport.publish(nutzap, info.relays);
      // Locked ecash is nobody else's: bob cannot take it back, alice's balance is unchanged.
      expect((await bobWallet.balance()).ready).toBe(100 - 21 - entry.fee);

      // Alice finds and redeems it: +21.
      const outcomes = await aliceWallet.receiveNutzaps(alice.io);
      expect(outcomes).toEqual([
        expect.objectContaining({ id: nutzap.id, status: 'redeemed', received: 21 }),
      ]);
      expect((await aliceWallet.balance()).ready).toBe(21);
      expect((await aliceWallet.history())[0]).toMatchObject({
        kind: 'receive',
        amount: 21,
        nutzap: nutzap.id,
      });
      // Asked again: settled already, nothing new.
      expect(await aliceWallet.receiveNutzaps(alice.io)).toEqual([]);
      // Her history in the relays marks it redeemed, in public (the server counts it from that).
      await aliceWallet.syncRelays(alice.io);
      const lines = await alice.query([
        { kinds: [7376], authors: [getPublicKey(aliceKey)], '#e': [nutzap.id] },
      ]);
      expect(lines).toHaveLength(1);
      expect(lines[0]!.tags).toEqual([['e', nutzap.id, '', 'redeemed']]);

      // Her other device (the wallet from the relays) has not settled that nutzap yet and tries
      // it: the mint refuses it (spent), nothing is added, no second redemption is recorded.
      const other = await EcashWallet.fromRelays({
        storage: new MemoryWalletStorage(),
        lockName: 'nip61-alice2',
        io: alice2.io,
      });
      wallets.push(other!);
      expect((await other!.balance()).ready).toBe(21);
      const again = await other!.receiveNutzaps(alice2.io);
      expect(again).toEqual([expect.objectContaining({ id: nutzap.id, status: 'spent' })]);
      expect((await other!.balance()).ready).toBe(21);
      await other!.syncRelays(alice2.io);
      expect(
        await alice.query([
          { kinds: [7376], authors: [getPublicKey(aliceKey)], '#e': [nutzap.id] },
        ]),
      ).toHaveLength(1);

      // A third viewer sees the note's zap count include it, once.
      const cache = await CacheClient.open(server.wsUrl('/v1'), false);
      try {
        const page = await cache.page('feed', { pubkey: getPublicKey(aliceKey) });
        // The sats of its proofs: the 21 and the mint's fee to redeem them, which bob paid.
        const sent = proofs.reduce((sum, p) => sum + p.amount, 0);
        expect(sent - 21).toBeLessThanOrEqual(2);
        expect(page.stats[note.id]).toMatchObject({ zaps: 1, satszapped: sent });
      } finally {
        cache.close();
      }
    },
  );
});
