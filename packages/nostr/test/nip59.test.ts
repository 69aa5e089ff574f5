import { describe, expect, it } from 'vitest';
import { wrapEvent as toolsWrap } from 'nostr-tools/nip17';
import { unwrapEvent as toolsUnwrap } from 'nostr-tools/nip59';
import fc from 'fast-check';
import {
  chatMessageRumor,
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  giftWrapRecipient,
  GiftWrapError,
  makeRumor,
  nip44DecryptFrom,
  nip44EncryptTo,
  openGiftWrap,
  parseRumor,
  sealTemplate,
  TWO_DAYS,
  wrapSeal,
  type NostrEvent,
} from '../src/index.ts';

const user = () => {
  const sk = generateSecretKey();
  const pubkey = getPublicKey(sk);
  return {
    sk,
    pubkey,
    encrypt: async (peer: string, text: string) => nip44EncryptTo(sk, peer, text),
    decrypt: async (peer: string, payload: string) => nip44DecryptFrom(sk, peer, payload),
  };
};

/** Seals and wraps like a client does, with the sender's key as the "signer". */
async function send(
  from: ReturnType<typeof user>,
  to: string,
  text: string,
  now = 1_700_000_000,
): Promise<NostrEvent> {
  const rumor = chatMessageRumor(from.pubkey, [to], text, now);
  const seal = finalizeEvent(await sealTemplate(rumor, to, from.encrypt, now), from.sk);
  return wrapSeal(seal, to, now);
}

describe('NIP-59 gift wraps / NIP-17 messages', () => {
  it('round-trips, with times in the two days before now and a one-time wrap key', async () => {
    const [alice, bob] = [user(), user()];
    const now = 1_700_000_000;
    const wrap = await send(alice, bob.pubkey, 'hello bob', now);
    expect(wrap.kind).toBe(1059);
    expect(giftWrapRecipient(wrap)).toBe(bob.pubkey);
    expect(wrap.pubkey).not.toBe(alice.pubkey);
    expect(wrap.created_at).toBeLessThanOrEqual(now);
    expect(wrap.created_at).toBeGreaterThan(now - TWO_DAYS);
    const opened = await openGiftWrap(wrap, bob.decrypt);
    expect(opened.rumor).toMatchObject({ pubkey: alice.pubkey, kind: 14, content: 'hello bob' });
    expect(opened.rumor.created_at).toBe(now);
    expect(opened.rumor.tags).toEqual([['p', bob.pubkey]]);
    expect(opened.seal.pubkey).toBe(alice.pubkey);
    expect(opened.seal.tags).toEqual([]);
    // Not for alice (the wrap is for bob) nor for a stranger.
    await expect(openGiftWrap(wrap, user().decrypt)).rejects.toMatchObject({
      reason: 'decrypt',
    });
  });

  it('interoperates with nostr-tools (another implementation) both ways', async () => {
    const [alice, bob] = [user(), user()];
    const theirs = toolsWrap(alice.sk, { publicKey: bob.pubkey }, 'from nostr-tools');
    const opened = await openGiftWrap(theirs, bob.decrypt);
    expect(opened.rumor.content).toBe('from nostr-tools');
    expect(opened.rumor.pubkey).toBe(alice.pubkey);
    const ours = await send(alice, bob.pubkey, 'from swell');
    const rumor = toolsUnwrap(ours, bob.sk);
    expect(rumor.content).toBe('from swell');
    expect(rumor.pubkey).toBe(alice.pubkey);
  });

  it('refuses a rumor whose author is not the seal signer (impersonation)', async () => {
    const [mallory, alice, bob] = [user(), user(), user()];
    const forged = makeRumor(alice.pubkey, {
      kind: 14,
      created_at: 1_700_000_000,
      tags: [['p', bob.pubkey]],
      content: 'I am alice',
    });
    const seal = finalizeEvent(
      await sealTemplate(forged, bob.pubkey, mallory.encrypt, 1_700_000_000),
      mallory.sk,
    );
    const wrap = wrapSeal(seal, bob.pubkey, 1_700_000_000);
    await expect(openGiftWrap(wrap, bob.decrypt)).rejects.toThrow(/not the seal author/);
  });

  it('refuses a seal with a bad signature and a rumor with a wrong id', async () => {
    const [alice, bob] = [user(), user()];
    const rumor = chatMessageRumor(alice.pubkey, [bob.pubkey], 'x', 1_700_000_000);
    const seal = finalizeEvent(
      await sealTemplate(rumor, bob.pubkey, alice.encrypt, 1_700_000_000),
      alice.sk,
    );
    const tampered = { ...seal, content: await alice.encrypt(bob.pubkey, JSON.stringify(rumor)) };
    await expect(
      openGiftWrap(wrapSeal(tampered, bob.pubkey, 1_700_000_000), bob.decrypt),
    ).rejects.toThrow(/bad seal/);
    expect(() => parseRumor({ ...rumor, id: '0'.repeat(64) })).toThrow(GiftWrapError);
    expect(parseRumor({ ...rumor, id: undefined }).id).toBe(rumor.id);
  });

  it('parseRumor never throws anything but GiftWrapError on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        try {
          parseRumor(input);
        } catch (e) {
          expect(e).toBeInstanceOf(GiftWrapError);
        }
      }),
    );
  });
});
