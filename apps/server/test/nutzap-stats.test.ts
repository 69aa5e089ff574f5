import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nutzapTemplate, finalizeEvent, type NostrEvent } from '@swell/nostr';
import { testServer } from './helpers.ts';
import { CacheClient, importAll, User } from './cache-helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

// Nutzaps (NIP-61) count in zap stats once their recipient's NIP-60 history marks them redeemed,
// once each, in either order of arrival; a nutzap alone or marked by someone else counts nothing.
const now = Math.floor(Date.now() / 1000);
const alice = new User();
const bob = new User();
const carol = new User();
const note = alice.sign(1, 'hello', [], now - 100);
const lock = `02${'ab'.repeat(32)}`;
const proof = (amount: number, n: number) => ({
  id: '00ffd48b8f5ecf80',
  amount,
  secret: JSON.stringify(['P2PK', { nonce: `${n}`.padStart(8, '0'), data: lock }]),
  C: `02${'cd'.repeat(32)}`,
});

function nutzap(from: User, sats: number[], n: number, eventId?: string): NostrEvent {
  const t = nutzapTemplate(
    {
      recipient: alice.pubkey,
      mint: 'https://mint.example',
      proofs: sats.map((s, i) => proof(s, n * 10 + i)),
      ...(eventId ? { eventId, targetKind: 1 } : {}),
    },
    now - 50 + n,
  );
  return finalizeEvent(t, from.sk);
}
/** A NIP-60 history line of `who` marking `ids` redeemed (public tags; content opaque here). */
const redeemed = (who: User, ids: string[], n: number) =>
  who.sign(
    7376,
    'opaque',
    ids.map((id) => ['e', id, '', 'redeemed']),
    now - 10 + n,
  );

let server: Awaited<ReturnType<typeof testServer>>;
let c: CacheClient;
beforeAll(async () => {
  server = await testServer();
  c = await CacheClient.open(server.wsUrl('/v1'), false);
});
afterAll(async () => {
  c?.close();
  await server?.close();
});

const stats = async () => (await c.page('feed', { pubkey: alice.pubkey })).stats[note.id];

describe('nutzaps in zap stats', () => {
  it('counts a redeemed nutzap once, in either order, and nothing unredeemed', async () => {
    const zap21 = nutzap(bob, [16, 4, 1], 1, note.id);
    const zap5 = nutzap(carol, [4, 1], 2, note.id);
    const never = nutzap(carol, [64], 3, note.id);
    // A nutzap first, then alice's redemption; another redemption arrives before its nutzap.
    await importAll(c, [note, zap21, never]);
    expect((await stats())?.zaps ?? 0).toBe(0);
    await importAll(c, [redeemed(alice, [zap21.id], 1)]);
    expect(await stats()).toMatchObject({ zaps: 1, satszapped: 21 });
    await importAll(c, [redeemed(alice, [zap5.id], 2), zap5]);
    expect(await stats()).toMatchObject({ zaps: 2, satszapped: 26 });
    // Marked redeemed again (a second device, a retry): still counted once.
    await importAll(c, [redeemed(alice, [zap21.id, zap5.id], 3)]);
    expect(await stats()).toMatchObject({ zaps: 2, satszapped: 26 });
    // Someone else than the recipient cannot make a nutzap count.
    await importAll(c, [redeemed(bob, [never.id], 4)]);
    expect(await stats()).toMatchObject({ zaps: 2, satszapped: 26 });
    // The recipient's totals include them.
    const profile = await c.page('user_profile', { pubkey: alice.pubkey });
    expect(profile.userStats[alice.pubkey]).toMatchObject({
      total_zap_count: 2,
      total_satszapped: 26,
    });
  });
});
