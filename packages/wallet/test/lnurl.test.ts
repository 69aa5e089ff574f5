import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeLnurl,
  encodeLnurl,
  lightningAddressUrl,
  lnurlCallbackUrl,
  lnurlPayUrl,
  parseLightningAddress,
  parseLnurlInvoice,
  parseLnurlPayParams,
  supportsZaps,
} from '../src/index.ts';

const params = {
  tag: 'payRequest',
  callback: 'http://127.0.0.1:8080/devnet/lnurlp/alice/callback',
  minSendable: 1000,
  maxSendable: 100_000_000,
  metadata: '[["text/plain","Zap alice"]]',
  commentAllowed: 10,
  allowsNostr: true,
  nostrPubkey: 'a'.repeat(64),
};

describe('lightning addresses', () => {
  it('map to https, or http for loopback and .local hosts', () => {
    expect(lightningAddressUrl('Bob@Example.com')).toBe(
      'https://example.com/.well-known/lnurlp/bob',
    );
    expect(lightningAddressUrl('alice@127.0.0.1:8080')).toBe(
      'http://127.0.0.1:8080/.well-known/lnurlp/alice',
    );
    expect(lightningAddressUrl('carol@swell.local')).toBe(
      'http://swell.local/.well-known/lnurlp/carol',
    );
    expect(lightningAddressUrl('dave@localhost:3000')).toBe(
      'http://localhost:3000/.well-known/lnurlp/dave',
    );
  });

  it('reject what is not an address', () => {
    for (const bad of ['', '@x.com', 'a b@x.com', 'alice', 'alice@', 'alice@exa mple.com']) {
      expect(parseLightningAddress(bad)).toBeUndefined();
    }
    expect(() => lightningAddressUrl('nope')).toThrow(/lightning address/);
  });

  it('never throw on arbitrary input (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const parsed = parseLightningAddress(s);
        if (parsed) expect(lightningAddressUrl(s)).toContain(parsed.name);
      }),
    );
  });
});

describe('LNURL bech32', () => {
  it('round-trips and decodes the LUD-01 example', () => {
    const url =
      'https://service.com/api?q=3fc3645b439ce8e7f2553a69e5267081d96dcd340693afabe04be7b0ccd178df';
    const lnurl = encodeLnurl(url);
    expect(lnurl).toBe(
      'LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS',
    );
    expect(decodeLnurl(lnurl)).toBe(url);
    expect(decodeLnurl(`lightning:${lnurl.toLowerCase()}`)).toBe(url);
    expect(() => decodeLnurl('lnbc1xyz')).toThrow(/not an LNURL/);
  });

  it('prefers lud16 over lud06', () => {
    const lud06 = encodeLnurl('https://x.com/lnurlp/a');
    expect(lnurlPayUrl({ lud16: 'a@y.com', lud06 })).toBe('https://y.com/.well-known/lnurlp/a');
    expect(lnurlPayUrl({ lud06 })).toBe('https://x.com/lnurlp/a');
    expect(lnurlPayUrl({ lud06: 'garbage' })).toBeUndefined();
    expect(lnurlPayUrl({})).toBeUndefined();
  });
});

describe('LNURL-pay responses', () => {
  it('parse a zap-capable service', () => {
    const p = parseLnurlPayParams(params);
    expect(supportsZaps(p)).toBe(true);
    expect(supportsZaps(parseLnurlPayParams({ ...params, nostrPubkey: 'xyz' }))).toBe(false);
  });

  it('reject errors and incomplete responses with a reason', () => {
    expect(() => parseLnurlPayParams({ status: 'ERROR', reason: 'no such user' })).toThrow(
      /no such user/,
    );
    expect(() => parseLnurlPayParams({ ...params, callback: 'ftp://x' })).toThrow(/callback/);
    expect(() => parseLnurlPayParams({ ...params, maxSendable: 1 })).toThrow(/limits/);
    expect(() => parseLnurlPayParams(null)).toThrow(/object/);
  });

  it('build the callback URL with amount, zap request and comment', () => {
    const p = parseLnurlPayParams(params);
    const zap = { kind: 9734, content: 'hi & bye', tags: [['p', 'b'.repeat(64)]] };
    const url = new URL(
      lnurlCallbackUrl(p, { amountMsat: 21_000, zapRequest: zap, comment: 'a long comment here' }),
    );
    expect(url.searchParams.get('amount')).toBe('21000');
    expect(JSON.parse(url.searchParams.get('nostr')!)).toEqual(zap);
    expect(url.searchParams.get('comment')).toBe('a long com');
    expect(() => lnurlCallbackUrl(p, { amountMsat: 10 })).toThrow(/between/);
  });

  it('read the invoice from the callback response', () => {
    expect(parseLnurlInvoice({ pr: 'lnbc210n1xyz', routes: [] }).pr).toBe('lnbc210n1xyz');
    expect(() => parseLnurlInvoice({ status: 'ERROR', reason: 'too small' })).toThrow(/too small/);
    expect(() => parseLnurlInvoice({})).toThrow(/no invoice/);
  });
});
