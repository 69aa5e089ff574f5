import { describe, expect, it } from 'vitest';
import {
  finalizeEvent,
  getPublicKey,
  makeZapRequest,
  parseZapReceipt,
  validateZapRequest,
  zapRequestAmountMsats,
  ZapRequestErrors,
} from '../src/index.ts';
import type { NostrEvent } from '../src/index.ts';
import { readJson } from './vectors.ts';

const file = readJson<{
  validate_zap_request_cases: { label: string; input: string; expected_error: string | null }[];
  real_receipts_failing_validation: { receipt: NostrEvent; nostr_tools_error: string }[];
  spec_zap_receipt_description: string;
  spec_zap_receipt_description_validateZapRequest: string;
  spec_zap_request: NostrEvent;
}>('nip57-examples.json');

describe('validateZapRequest (nip57-examples.json)', () => {
  it.each(file.validate_zap_request_cases.map((c) => [c.label, c] as const))('%s', (_l, c) => {
    const result = validateZapRequest(c.input);
    if (c.expected_error === null) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, error: c.expected_error });
  });
  it('rejects the real receipts whose requests fail, with the same error', () => {
    for (const { receipt, nostr_tools_error } of file.real_receipts_failing_validation) {
      const description = receipt.tags.find((t) => t[0] === 'description')![1]!;
      expect(validateZapRequest(description)).toEqual({ ok: false, error: nostr_tools_error });
    }
  });
  it('rejects the spec examples (edited after signing)', () => {
    expect(validateZapRequest(file.spec_zap_receipt_description)).toEqual({
      ok: false,
      error: file.spec_zap_receipt_description_validateZapRequest,
    });
    expect(validateZapRequest(JSON.stringify(file.spec_zap_request))).toEqual({
      ok: false,
      error: ZapRequestErrors.signature,
    });
  });
  it('treats a p or e tag with an empty value as absent', () => {
    const sk = new Uint8Array(32).fill(7);
    const signed = (tags: string[][]) =>
      JSON.stringify(finalizeEvent({ kind: 9734, created_at: 1, tags, content: '' }, sk));
    const p = getPublicKey(new Uint8Array(32).fill(5));
    expect(
      validateZapRequest(
        signed([
          ['p', ''],
          ['relays', 'wss://r'],
        ]),
      ),
    ).toEqual({
      ok: false,
      error: ZapRequestErrors.noP,
    });
    expect(
      validateZapRequest(
        signed([
          ['p', ''],
          ['p', 'AB'],
          ['relays', 'wss://r'],
        ]),
      ),
    ).toEqual({
      ok: false,
      error: ZapRequestErrors.badP,
    });
    expect(
      validateZapRequest(
        signed([
          ['p', p],
          ['e', ''],
          ['relays', 'wss://r'],
        ]),
      ).ok,
    ).toBe(true);
    expect(validateZapRequest(signed([['p', p], ['relays']]))).toEqual({
      ok: false,
      error: ZapRequestErrors.noRelays,
    });
  });
  it('uses the exact strings of the spec error catalogue', () => {
    expect(Object.values(ZapRequestErrors)).toEqual([
      'Invalid zap request JSON.',
      'Zap request is not a valid Nostr event.',
      'Invalid signature on zap request.',
      "Zap request doesn't have a 'p' tag.",
      "Zap request 'p' tag is not valid hex.",
      "Zap request 'e' tag is not valid hex.",
      "Zap request doesn't have a 'relays' tag.",
    ]);
  });
});

describe('makeZapRequest', () => {
  const sk = new Uint8Array(32).fill(9);
  const recipient = getPublicKey(new Uint8Array(32).fill(5));
  const eventId = 'e'.repeat(64);

  it('builds a request that validates and round-trips through a receipt', () => {
    const template = makeZapRequest({
      recipient,
      amountMsats: 21_000,
      relays: ['wss://relay.example'],
      comment: 'Onward',
      eventId,
      kind: 1,
      createdAt: 1_700_000_000,
    });
    expect(template.tags).toEqual([
      ['relays', 'wss://relay.example'],
      ['amount', '21000'],
      ['p', recipient],
      ['e', eventId],
      ['k', '1'],
    ]);
    const request = finalizeEvent(template, sk);
    const result = validateZapRequest(JSON.stringify(request));
    expect(result).toEqual({ ok: true, request });
    expect(zapRequestAmountMsats(request)).toBe(21_000);

    const receipt = finalizeEvent(
      {
        kind: 9735,
        created_at: 1_700_000_010,
        tags: [
          ['p', recipient],
          ['e', eventId],
          ['bolt11', 'lnbc210n1pj8jvaxpp56f3qnlvwx5f4af2539u9jamrp9mm58q9kthlsye2dnssmqr4jxcq'],
          ['description', JSON.stringify(request)],
        ],
        content: '',
      },
      new Uint8Array(32).fill(4),
    );
    expect(parseZapReceipt(receipt)).toMatchObject({
      sender: request.pubkey,
      recipient,
      eventId,
      msats: 21_000,
      sats: 21,
      message: 'Onward',
    });
  });
  it('refuses bad parameters', () => {
    expect(() =>
      makeZapRequest({ recipient: 'x', amountMsats: 1000, relays: ['wss://r'] }),
    ).toThrow();
    expect(() => makeZapRequest({ recipient, amountMsats: 0, relays: ['wss://r'] })).toThrow();
    expect(() => makeZapRequest({ recipient, amountMsats: 1000, relays: [] })).toThrow();
  });
});
