import { describe, expect, it } from 'vitest';
import {
  errorText,
  formatSats,
  mintLabel,
  parseMintUrl,
  parseSats,
} from '@/features/wallet/wallet-format.ts';
import '@/i18n/index.ts';

describe('wallet amounts and mint addresses', () => {
  it('reads whole positive sats and refuses everything else', () => {
    expect(parseSats('1000')).toBe(1000);
    expect(parseSats(' 1,000 ')).toBe(1000);
    expect(parseSats('2 100')).toBe(2100);
    for (const bad of ['', '0', '-5', '1.5', '1e3', 'abc', '12345678901234567', '0x10'])
      expect(parseSats(bad), bad).toBeNull();
  });

  it('formats sats with the plural and thousands separators', () => {
    expect(formatSats(1)).toBe('1 sat');
    expect(formatSats(0)).toBe('0 sats');
    expect(formatSats(2100)).toBe('2,100 sats');
  });

  it('accepts https mints, http only for a loopback or this page, and normalises them', () => {
    expect(parseMintUrl('https://mint.example/')).toBe('https://mint.example');
    expect(parseMintUrl(' https://mint.example/cashu/api/v1/ ')).toBe(
      'https://mint.example/cashu/api/v1',
    );
    expect(parseMintUrl('http://127.0.0.1:8080/devnet/mint')).toBe(
      'http://127.0.0.1:8080/devnet/mint',
    );
    expect(parseMintUrl('http://swell.lan/devnet/mint', 'http://swell.lan')).toBe(
      'http://swell.lan/devnet/mint',
    );
    for (const bad of [
      'http://mint.example',
      'mint.example',
      'ftp://mint.example',
      'https://mint.example/?x=1',
      'https://user:pw@mint.example',
      'javascript:alert(1)',
    ])
      expect(parseMintUrl(bad, 'http://swell.lan'), bad).toBeNull();
  });

  it('shows a mint by host and path', () => {
    expect(mintLabel('https://mint.example')).toBe('mint.example');
    expect(mintLabel('http://127.0.0.1:8080/devnet/mint')).toBe('127.0.0.1:8080/devnet/mint');
    expect(mintLabel('not a url')).toBe('not a url');
  });

  it('shows a mint’s words as sentences; a mint refusing an invoice in its own words gets the catalogue line', () => {
    const mintError = Object.assign(new Error('request is not a valid bolt11 invoice'), {
      code: 'mint-error',
    });
    expect(errorText(mintError)).toBe('Not a lightning invoice this wallet can pay.');
    // The catalogue's own strings stay verbatim; other lower-case words become a sentence.
    expect(errorText(new Error('Not enough funds available'))).toBe('Not enough funds available');
    expect(errorText(new Error('bad response'))).toBe('bad response');
    expect(errorText(new Error('keyset is inactive'))).toBe('Keyset is inactive.');
    expect(errorText(new Error('The mint could not be reached.'))).toBe(
      'The mint could not be reached.',
    );
    expect(errorText(null)).toBe('Something went wrong.');
  });
});
