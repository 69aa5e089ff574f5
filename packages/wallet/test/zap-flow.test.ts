import {
  finalizeEvent,
  getPublicKey,
  ZapRequestErrors,
  type EventTemplate,
  type NostrEvent,
} from '@swell/nostr';
import { describe, expect, it } from 'vitest';
import {
  isReceiptFor,
  lookupZapEndpoint,
  requestZapInvoice,
  zap,
  ZAP_UNAVAILABLE,
  ZapError,
  zapReceiptFilter,
  type Payer,
  type SignEvent,
  type ZapEndpoint,
} from '../src/index.ts';
import { lnurlService, lud06Of, SERVICE_PUBKEY } from './lnurl-service.ts';

const senderKey = new Uint8Array(32).fill(1);
const recipient = getPublicKey(new Uint8Array(32).fill(2));
const noteId = 'ab'.repeat(32);
const relays = ['wss://relay.one', 'wss://relay.two'];
const sign: SignEvent = async (t) => finalizeEvent(t, senderKey);
/** Re-signs after changing the template: a signer that alters what it signs. */
const signAfter =
  (change: (t: EventTemplate) => EventTemplate): SignEvent =>
  async (t) =>
    finalizeEvent(change(structuredClone(t)), senderKey);

const noFetch = Object.assign(
  async (): Promise<Response> => {
    throw new Error('the LNURL service must not be asked');
  },
  { calls: [] as string[] },
);

async function endpointAt(fetchLike = lnurlService()): Promise<ZapEndpoint> {
  return lookupZapEndpoint({ lud16: 'bob@pay.example' }, { fetch: fetchLike });
}

async function failure(p: Promise<unknown>): Promise<ZapError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ZapError);
    return err as ZapError;
  }
  throw new Error('expected a ZapError');
}

describe('LNURL-pay lookup for zaps', () => {
  it('reads lud16 with allowsNostr, nostrPubkey, sendable limits and comment length', async () => {
    const service = lnurlService();
    const endpoint = await lookupZapEndpoint({ lud16: 'Bob@pay.example' }, { fetch: service });
    expect(service.calls).toEqual(['https://pay.example/.well-known/lnurlp/bob']);
    expect(endpoint).toMatchObject({
      url: 'https://pay.example/.well-known/lnurlp/bob',
      address: 'Bob@pay.example',
      nostrPubkey: SERVICE_PUBKEY,
      minSendableMsat: 1000,
      maxSendableMsat: 1_000_000_000,
      commentAllowed: 100,
    });
    expect(endpoint.lnurl).toMatch(/^lnurl1[02-9ac-hj-np-z]+$/);
  });

  it('falls back to lud06 when there is no lightning address', async () => {
    const endpoint = await lookupZapEndpoint(
      { lud16: '', lud06: lud06Of('carol') },
      { fetch: lnurlService() },
    );
    expect(endpoint.url).toBe('https://pay.example/.well-known/lnurlp/carol');
    expect(endpoint.address).toBeUndefined();
  });

  it('says "zap unavailable for author" without a usable lud or without NIP-57 support', async () => {
    for (const profile of [{}, { lud16: 'not an address' }, { lud06: 'lnurl1garbage' }]) {
      const err = await failure(lookupZapEndpoint(profile, { fetch: noFetch }));
      expect(err.code).toBe('zap_unavailable');
      expect(err.message).toBe(ZAP_UNAVAILABLE);
    }
    const noNostr = lnurlService({ params: { allowsNostr: false } });
    const err = await failure(lookupZapEndpoint({ lud16: 'bob@pay.example' }, { fetch: noNostr }));
    expect(err).toMatchObject({ code: 'zap_unavailable', message: 'zap unavailable for author' });
    const noKey = lnurlService({ params: { nostrPubkey: 'not-a-key' } });
    expect(
      (await failure(lookupZapEndpoint({ lud16: 'bob@pay.example' }, { fetch: noKey }))).code,
    ).toBe('zap_unavailable');
  });

  it('reports an unreachable or failing service as lnurl_failed with its reason', async () => {
    const down = await failure(
      lookupZapEndpoint({ lud16: 'bob@down.example' }, { fetch: lnurlService() }),
    );
    expect(down.code).toBe('lnurl_failed');
    expect(down.message).toMatch(/down\.example is unreachable/);
    const refusing = lnurlService({ params: { status: 'ERROR', reason: 'User not found' } });
    const err = await failure(lookupZapEndpoint({ lud16: 'bob@pay.example' }, { fetch: refusing }));
    expect(err).toMatchObject({ code: 'lnurl_failed', reason: 'User not found' });
  });
});

describe('zap request and invoice', () => {
  it('signs a kind 9734 with p, e, k, amount, relays, lnurl and the comment; checks the invoice', async () => {
    const service = lnurlService();
    const endpoint = await endpointAt(service);
    const ready = await requestZapInvoice({
      endpoint,
      target: { pubkey: recipient, eventId: noteId, kind: 1 },
      amountMsat: 21_000,
      comment: 'great post',
      relays: [...relays, 'wss://relay.one', 'not a relay'],
      signEvent: sign,
      fetch: service,
    });
    const req = ready.zapRequest;
    expect(req.kind).toBe(9734);
    expect(req.content).toBe('great post');
    expect(req.pubkey).toBe(getPublicKey(senderKey));
    expect(req.tags).toEqual([
      ['relays', ...relays],
      ['amount', '21000'],
      ['lnurl', endpoint.lnurl],
      ['p', recipient],
      ['e', noteId],
      ['k', '1'],
    ]);
    const callback = new URL(service.calls[1]!);
    expect(callback.searchParams.get('amount')).toBe('21000');
    expect(callback.searchParams.get('nostr')).toBe(JSON.stringify(req));
    expect(callback.searchParams.has('comment')).toBe(false);
    expect(ready.decoded.msats).toBe(21_000);
    expect(ready.invoice).toMatch(/^lnbc210n1/);
  });

  it('zaps an article by its address (a tag)', async () => {
    const service = lnurlService();
    const coordinate = `30023:${recipient}:my-article`;
    const ready = await requestZapInvoice({
      endpoint: await endpointAt(service),
      target: { pubkey: recipient, coordinate, kind: 30023 },
      amountMsat: 1_000_000,
      relays,
      signEvent: sign,
      fetch: service,
    });
    expect(ready.zapRequest.tags).toContainEqual(['a', coordinate]);
    expect(ready.zapRequest.tags).toContainEqual(['k', '30023']);
    expect(ready.zapRequest.tags.some((t) => t[0] === 'e')).toBe(false);
    expect(zapReceiptFilter(ready)).toMatchObject({ kinds: [9735], '#a': [coordinate] });
  });

  it('refuses an invoice whose amount differs from the request, and pays nothing', async () => {
    const service = lnurlService({ invoiceAmount: (msat) => msat + 1000 });
    let paid = 0;
    const payer: Payer = {
      kind: 'webln',
      pay: async () => {
        paid++;
        return { preimage: '00'.repeat(32) };
      },
    };
    const err = await failure(
      zap({
        profile: { lud16: 'bob@pay.example' },
        target: { pubkey: recipient, eventId: noteId },
        amountMsat: 21_000,
        relays,
        signEvent: sign,
        payer,
        fetch: service,
      }),
    );
    expect(err.code).toBe('invoice_mismatch');
    expect(err.message).toBe('The invoice is for 22000 millisats, not the 21000 of the zap.');
    expect(paid).toBe(0);
  });

  it('refuses an invoice whose description hash is not the zap request, or that expired', async () => {
    const wrongHash = lnurlService({ descriptionFor: () => '[["text/plain","something else"]]' });
    const err = await failure(
      requestZapInvoice({
        endpoint: await endpointAt(wrongHash),
        target: { pubkey: recipient },
        amountMsat: 5000,
        relays,
        signEvent: sign,
        fetch: wrongHash,
      }),
    );
    expect(err).toMatchObject({
      code: 'invoice_mismatch',
      message: "The invoice's description hash does not match the zap request.",
    });
    const stale = lnurlService({ timestamp: Math.floor(Date.now() / 1000) - 7200 });
    const expired = await failure(
      requestZapInvoice({
        endpoint: await endpointAt(stale),
        target: { pubkey: recipient },
        amountMsat: 5000,
        relays,
        signEvent: sign,
        fetch: stale,
      }),
    );
    expect(expired.code).toBe('invoice_expired');
  });

  it('keeps amounts inside the service limits', async () => {
    const endpoint = await endpointAt();
    for (const amountMsat of [999, 1_000_001_000, 1.5, -1]) {
      const err = await failure(
        requestZapInvoice({
          endpoint,
          target: { pubkey: recipient },
          amountMsat,
          relays,
          signEvent: sign,
          fetch: noFetch,
        }),
      );
      expect(err.code).toBe('amount_out_of_range');
    }
  });

  it("passes the service's refusal on verbatim", async () => {
    const service = lnurlService({
      callbackBody: { status: 'ERROR', reason: "Zap request doesn't have a 'relays' tag." },
    });
    const err = await failure(
      requestZapInvoice({
        endpoint: await endpointAt(service),
        target: { pubkey: recipient },
        amountMsat: 5000,
        relays,
        signEvent: sign,
        fetch: service,
      }),
    );
    expect(err).toMatchObject({
      code: 'lnurl_failed',
      reason: "Zap request doesn't have a 'relays' tag.",
    });
  });
});

describe('each NIP-57 validation message of spec section 8, before anything is sent', () => {
  const base = { target: { pubkey: recipient, eventId: noteId }, amountMsat: 21_000, relays };
  const attempt = async (signEvent: SignEvent, overrides: Partial<typeof base> = {}) => {
    const endpoint = await endpointAt();
    const err = await failure(
      requestZapInvoice({ endpoint, ...base, ...overrides, signEvent, fetch: noFetch }),
    );
    expect(err.code).toBe('invalid_request');
    return err.message;
  };
  const without = (name: string) => (t: EventTemplate) => ({
    ...t,
    tags: t.tags.filter((tag) => tag[0] !== name),
  });
  const replace = (name: string, value: string) => (t: EventTemplate) => ({
    ...t,
    tags: t.tags.map((tag) => (tag[0] === name ? [name, value] : tag)),
  });

  it('Invalid zap request JSON.', async () => {
    const unserializable: SignEvent = async (t) =>
      ({ ...finalizeEvent(t, senderKey), extra: 1n }) as unknown as NostrEvent;
    expect(await attempt(unserializable)).toBe(ZapRequestErrors.json);
    expect(ZapRequestErrors.json).toBe('Invalid zap request JSON.');
  });

  it('Zap request is not a valid Nostr event.', async () => {
    const noSig: SignEvent = async (t) => ({ ...finalizeEvent(t, senderKey), sig: '' });
    expect(await attempt(noSig)).toBe('Zap request is not a valid Nostr event.');
    const wrongKind: SignEvent = async (t) => finalizeEvent({ ...t, kind: 1 }, senderKey);
    expect(await attempt(wrongKind)).toBe('Zap request is not a valid Nostr event.');
  });

  it('Invalid signature on zap request.', async () => {
    const tampered: SignEvent = async (t) => ({ ...finalizeEvent(t, senderKey), content: 'x' });
    expect(await attempt(tampered)).toBe('Invalid signature on zap request.');
  });

  it("Zap request doesn't have a 'p' tag.", async () => {
    expect(await attempt(signAfter(without('p')))).toBe("Zap request doesn't have a 'p' tag.");
  });

  it("Zap request 'p' tag is not valid hex.", async () => {
    expect(await attempt(signAfter(replace('p', 'not-hex')))).toBe(
      "Zap request 'p' tag is not valid hex.",
    );
    expect(await attempt(sign, { target: { pubkey: 'XYZ', eventId: noteId } })).toBe(
      "Zap request 'p' tag is not valid hex.",
    );
  });

  it("Zap request 'e' tag is not valid hex.", async () => {
    expect(await attempt(signAfter(replace('e', 'zz')))).toBe(
      "Zap request 'e' tag is not valid hex.",
    );
    expect(await attempt(sign, { target: { pubkey: recipient, eventId: 'note1abc' } })).toBe(
      "Zap request 'e' tag is not valid hex.",
    );
  });

  it("Zap request doesn't have a 'relays' tag.", async () => {
    expect(await attempt(signAfter(without('relays')))).toBe(
      "Zap request doesn't have a 'relays' tag.",
    );
    expect(await attempt(sign, { relays: [] })).toBe("Zap request doesn't have a 'relays' tag.");
    expect(await attempt(sign, { relays: ['https://not-a-relay'] })).toBe(
      "Zap request doesn't have a 'relays' tag.",
    );
  });

  it('and a signer that changes the amount or recipient is caught', async () => {
    expect(await attempt(signAfter(replace('amount', '1')))).toBe(
      'The signer changed the zap request.',
    );
    const other = getPublicKey(new Uint8Array(32).fill(3));
    expect(await attempt(signAfter(replace('p', other)))).toBe(
      'The signer changed the zap request.',
    );
  });

  it('a signer that refuses gives not_signed', async () => {
    const endpoint = await endpointAt();
    const err = await failure(
      requestZapInvoice({
        endpoint,
        ...base,
        signEvent: async () => {
          throw new Error('sign-no-nsec');
        },
        fetch: noFetch,
      }),
    );
    expect(err.code).toBe('not_signed');
    expect((err.cause as Error).message).toBe('sign-no-nsec');
  });
});

describe('zap() end to end against the service double', () => {
  it('pays the checked invoice and recognises the receipt', async () => {
    const service = lnurlService();
    const paidInvoices: string[] = [];
    const payer: Payer = {
      kind: 'nwc',
      pay: async (invoice) => {
        paidInvoices.push(invoice);
        return { preimage: '11'.repeat(32), feesPaidMsat: 0 };
      },
    };
    const stages: string[] = [];
    const result = await zap({
      profile: { lud16: 'bob@pay.example' },
      target: { pubkey: recipient, eventId: noteId, kind: 1 },
      amountMsat: 42_000,
      comment: 'Onward',
      relays,
      signEvent: sign,
      payer,
      fetch: service,
      onInvoice: (z) => stages.push(`invoice ${z.decoded.msats}`),
    });
    expect(stages).toEqual(['invoice 42000']);
    expect(paidInvoices).toEqual([result.invoice]);
    expect(result.payment.preimage).toBe('11'.repeat(32));
    expect(zapReceiptFilter(result)).toEqual({
      kinds: [9735],
      '#p': [recipient],
      '#e': [noteId],
      since: result.zapRequest.created_at - 60,
    });

    const serviceKey = new Uint8Array(32).fill(9);
    const receiptFrom = (sk: Uint8Array, bolt11 = result.invoice, request = result.zapRequest) =>
      finalizeEvent(
        {
          kind: 9735,
          created_at: result.zapRequest.created_at + 1,
          content: '',
          tags: [
            ['p', recipient],
            ['e', noteId],
            ['P', result.zapRequest.pubkey],
            ['bolt11', bolt11],
            ['description', JSON.stringify(request)],
          ],
        },
        sk,
      );
    const ofService = {
      ...result,
      endpoint: { ...result.endpoint, nostrPubkey: getPublicKey(serviceKey) },
    };
    expect(isReceiptFor(receiptFrom(serviceKey), ofService)).toBe(true);
    // Signed by someone else, for another request, or with a forged signature: not ours.
    expect(isReceiptFor(receiptFrom(senderKey), ofService)).toBe(false);
    const otherRequest = finalizeEvent({ ...result.zapRequest, content: 'other' }, senderKey);
    expect(isReceiptFor(receiptFrom(serviceKey, result.invoice, otherRequest), ofService)).toBe(
      false,
    );
    expect(isReceiptFor({ ...receiptFrom(serviceKey), content: 'x' }, ofService)).toBe(false);
  });

  it('wraps a payer failure as payment_failed with the payment error', async () => {
    const { PaymentError } = await import('../src/index.ts');
    const payer: Payer = {
      kind: 'webln',
      pay: async () => {
        throw new PaymentError('no_webln_extension');
      },
    };
    const err = await failure(
      zap({
        profile: { lud16: 'bob@pay.example' },
        target: { pubkey: recipient },
        amountMsat: 21_000,
        relays,
        signEvent: sign,
        payer,
        fetch: lnurlService(),
      }),
    );
    expect(err.code).toBe('payment_failed');
    expect(err.paymentError?.code).toBe('no_webln_extension');
    expect(err.message).toBe('no_webln_extension');
  });
});
