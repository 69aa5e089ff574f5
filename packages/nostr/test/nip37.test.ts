import { describe, expect, it } from 'vitest';
import {
  articleTemplate,
  draftDeletionTemplate,
  draftWrapTemplate,
  DraftWrapError,
  finalizeEvent,
  getPublicKey,
  nip44DecryptFrom,
  nip44EncryptTo,
  openDraftWrap,
} from '../src/index.ts';
import type { NostrEvent } from '../src/index.ts';
import { readJson, readJsonl } from './vectors.ts';

/** A user with the NIP-44 functions a signer gives. */
function user(fill: number) {
  const sk = new Uint8Array(32).fill(fill);
  return {
    sk,
    pubkey: getPublicKey(sk),
    encrypt: async (peer: string, text: string) => nip44EncryptTo(sk, peer, text),
    decrypt: async (peer: string, payload: string) => nip44DecryptFrom(sk, peer, payload),
  };
}

const alice = user(11);
const nip37 = readJson<{ nip37: { draft_wrap_tags: string[][] } }>(
  'nip-longform-examples.json',
).nip37;
const realWraps = readJsonl<NostrEvent>('real-events.jsonl').filter((e) => e.kind === 31234);

const secret = 'A sentence nobody else may read before it is published.';
const article = articleTemplate({
  title: 'Unfinished',
  content: secret,
  identifier: 'unfinished',
  createdAt: 1_800_000_000,
});

describe('NIP-37 draft wraps', () => {
  it('encrypts the draft to its author: no plaintext in the event, the tags of NIP-37 only', async () => {
    const t = await draftWrapTemplate({
      draft: article,
      identifier: 'draft-1',
      pubkey: alice.pubkey,
      encrypt: alice.encrypt,
      createdAt: 1_800_000_100,
      expiresAt: 1_800_000_100 + 90 * 86400,
    });
    const wrap = finalizeEvent(t, alice.sk);
    expect(wrap.kind).toBe(31234);
    expect(wrap.tags.map((x) => x[0])).toEqual(nip37.draft_wrap_tags.map((x) => x[0]));
    expect(wrap.tags).toEqual([
      ['d', 'draft-1'],
      ['k', '30023'],
      ['expiration', String(1_800_000_100 + 90 * 86400)],
    ]);
    const serialized = JSON.stringify(wrap);
    for (const plain of [secret, 'Unfinished', 'unfinished', 'published_at'])
      expect(serialized).not.toContain(plain);
    // the payload is NIP-44 v2 (base64, version byte 2)
    expect(atob(wrap.content).charCodeAt(0)).toBe(2);

    const opened = await openDraftWrap(wrap, alice.decrypt);
    expect(opened).toEqual({
      deleted: false,
      identifier: 'draft-1',
      kind: 30023,
      savedAt: 1_800_000_100,
      expiresAt: 1_800_000_100 + 90 * 86400,
      draft: { ...article, pubkey: alice.pubkey },
    });
  });

  it('deletes a draft with a blank wrap of the same d and k, dated after the last save', async () => {
    const t = draftDeletionTemplate(
      { identifier: 'draft-1', kind: 30023, savedAt: 1_800_000_100 },
      1_700_000_000,
    );
    expect(t).toEqual({
      kind: 31234,
      created_at: 1_800_000_101,
      tags: [
        ['d', 'draft-1'],
        ['k', '30023'],
      ],
      content: '',
    });
    const opened = await openDraftWrap(finalizeEvent(t, alice.sk), alice.decrypt);
    expect(opened).toEqual({
      deleted: true,
      identifier: 'draft-1',
      kind: 30023,
      savedAt: 1_800_000_101,
    });
  });

  it("reads other clients' wraps: blank ones as deleted drafts, the others as someone else's secret", async () => {
    const blank = realWraps.filter((e) => e.content === '');
    const sealed = realWraps.filter((e) => e.content !== '');
    expect(blank.length).toBeGreaterThan(5);
    expect(sealed.length).toBeGreaterThan(5);
    for (const e of blank) {
      const opened = await openDraftWrap(e, alice.decrypt);
      expect(opened.deleted).toBe(true);
      expect(opened.kind).toBe(Number(e.tags.find((t) => t[0] === 'k')![1]));
    }
    // alice cannot open another author's draft: a decrypt error, not a crash or garbage
    for (const e of sealed.slice(0, 3)) {
      await expect(openDraftWrap(e, alice.decrypt)).rejects.toMatchObject({ reason: 'decrypt' });
    }
  });

  it('refuses what is not a draft of the kind its wrap names', async () => {
    const wrapOf = async (plaintext: string, k = '1') =>
      finalizeEvent(
        {
          kind: 31234,
          created_at: 1,
          tags: [
            ['d', 'x'],
            ['k', k],
          ],
          content: await alice.encrypt(alice.pubkey, plaintext),
        },
        alice.sk,
      );
    const cases = [
      'not json',
      '"a string"',
      JSON.stringify({ kind: 30023, tags: [], content: '' }), // the wrap says kind 1
      JSON.stringify({ kind: 1, tags: [[1]], content: '' }),
      JSON.stringify({ kind: 1, tags: [], content: '', pubkey: 'f'.repeat(64) }),
    ];
    for (const plaintext of cases) {
      const err = await openDraftWrap(await wrapOf(plaintext), alice.decrypt).catch(
        (e: unknown) => e,
      );
      expect(err, plaintext).toBeInstanceOf(DraftWrapError);
      expect((err as DraftWrapError).reason).toBe('invalid');
    }
    // no kind: not even a deleted draft
    const noKind = finalizeEvent({ ...(await wrapOf('{}', '')), content: '' }, alice.sk);
    await expect(openDraftWrap(noKind, alice.decrypt)).rejects.toMatchObject({ reason: 'invalid' });
  });
});
