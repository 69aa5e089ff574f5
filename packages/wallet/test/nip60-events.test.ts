import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  derivedLockKey,
  historyParts,
  lockPublicKey,
  parseHistory,
  parseTokenContent,
  parseWalletContent,
  tokenContentJson,
  tokenDeletionTemplate,
  walletContentJson,
} from '../src/ecash/nip60/index.ts';

const examples = JSON.parse(
  readFileSync(new URL('./vectors/nip60-examples.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

/** The examples' placeholders ("hexkey", "<event-id-1>", ...) filled with real values. */
const KEY = '7f'.repeat(32);
const ids: Record<string, string> = {
  hexkey: KEY,
  'token-event-id-1': '01'.repeat(32),
  'token-event-id-2': '02'.repeat(32),
  '<event-id-of-created-token>': '03'.repeat(32),
  '<event-id-1>': '04'.repeat(32),
  '<event-id-2>': '05'.repeat(32),
};
const filled = (name: string): string =>
  JSON.stringify(examples[name], (_k, v: unknown) =>
    typeof v === 'string' && v in ids ? ids[v] : v,
  );

describe('NIP-60 event contents (the NIP examples)', () => {
  it('reads the wallet event: its P2PK key and mints; writes it back the same', () => {
    const wallet = parseWalletContent(filled('walletContent'));
    expect(wallet).toEqual({ privkey: KEY, mints: ['https://mint1', 'https://mint2'] });
    expect(JSON.parse(walletContentJson(wallet!))).toEqual(JSON.parse(filled('walletContent')));
    // Swell's phrase tag travels with it and is read back; other tags are ignored.
    const own = walletContentJson({ ...wallet!, mnemonic: 'abandon '.repeat(11) + 'about' });
    expect(parseWalletContent(own)?.mnemonic).toBe('abandon '.repeat(11) + 'about');
  });

  it('refuses a wallet event without a usable key or without a mint', () => {
    expect(
      parseWalletContent(
        JSON.stringify([
          ['privkey', 'hexkey'],
          ['mint', 'https://m'],
        ]),
      ),
    ).toBe(undefined);
    expect(parseWalletContent(JSON.stringify([['privkey', KEY]]))).toBe(undefined);
    // Zero is not a secp256k1 key.
    expect(
      parseWalletContent(
        JSON.stringify([
          ['privkey', '00'.repeat(32)],
          ['mint', 'https://m'],
        ]),
      ),
    ).toBe(undefined);
    expect(parseWalletContent('not json')).toBe(undefined);
  });

  it('reads the token event: mint, unit, proofs and the destroyed events; writes it back', () => {
    const token = parseTokenContent(filled('tokenContent'));
    expect(token).toEqual({
      mint: 'https://stablenut.umint.cash',
      unit: 'sat',
      proofs: [
        {
          id: '005c2502034d4f12',
          amount: 1,
          secret: 'z+zyxAVLRqN9lEjxuNPSyRJzEstbl69Jc1vtimvtkPg=',
          C: '0241d98a8197ef238a192d47edf191a9de78b657308937b4f7dd0aa53beae72c46',
        },
      ],
      del: [ids['token-event-id-1'], ids['token-event-id-2']],
    });
    expect(JSON.parse(tokenContentJson(token!))).toEqual(JSON.parse(filled('tokenContent')));
  });

  it('leaves out what is not a proof, and reads nothing from an event without a mint', () => {
    const raw = JSON.parse(filled('tokenContent')) as { proofs: unknown[] };
    raw.proofs.push({ id: '1', amount: 1 }, { ...(raw.proofs[0] as object), amount: -1 });
    expect(parseTokenContent(JSON.stringify(raw))?.proofs).toHaveLength(1);
    expect(parseTokenContent(JSON.stringify({ unit: 'sat', proofs: raw.proofs }))).toBe(undefined);
  });

  it('reads and writes history events; redeemed references stay public', () => {
    const received = parseHistory(filled('historyContent'), JSON.parse(filled('historyTags')));
    expect(received).toEqual({
      direction: 'in',
      amount: 1,
      unit: 'sat',
      refs: [
        { id: ids['<event-id-of-created-token>'], marker: 'created' },
        { id: ids['<event-id-of-created-token>'], marker: 'redeemed' },
      ],
    });
    const spent = parseHistory(filled('spendHistoryContent'));
    expect(spent).toEqual({
      direction: 'out',
      amount: 4,
      unit: 'sat',
      refs: [
        { id: ids['<event-id-1>'], marker: 'destroyed' },
        { id: ids['<event-id-2>'], marker: 'created' },
      ],
    });
    const parts = historyParts(received!);
    expect(parts.tags).toEqual(JSON.parse(filled('historyTags')));
    expect(parseHistory(parts.content, parts.tags)).toEqual(received);
  });

  it('deletes spent token events with the k tag NIP-60 requires', () => {
    expect(tokenDeletionTemplate([ids['<event-id-1>']!])).toEqual({
      kind: 5,
      content: '',
      tags: [
        ['e', ids['<event-id-1>']],
        ['k', '7375'],
      ],
    });
  });

  it('derives the P2PK key from the seed, never from the Nostr key, as a compressed point', () => {
    const seed = new Uint8Array(64).fill(7);
    const key = derivedLockKey(seed);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(derivedLockKey(seed)).toBe(key);
    expect(derivedLockKey(new Uint8Array(64).fill(8))).not.toBe(key);
    expect(lockPublicKey(key)).toMatch(/^0[23][0-9a-f]{64}$/);
  });
});
