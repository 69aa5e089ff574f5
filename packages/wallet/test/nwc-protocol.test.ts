import { finalizeEvent, generateSecretKey, getPublicKey, isNip04Payload } from '@swell/nostr';
import { describe, expect, it } from 'vitest';
import {
  chooseEncryption,
  encryptionOf,
  nwcDecrypt,
  nwcEncrypt,
  parseNwcInfo,
  parseNwcRequest,
  parseNwcResponse,
} from '../src/index.ts';

describe('NIP-47 info event', () => {
  const info = (tags: string[][], content = 'pay_invoice get_balance get_info') =>
    parseNwcInfo({ content, tags });

  it('reads methods, encryption schemes and notifications', () => {
    expect(
      info([
        ['encryption', 'nip44_v2 nip04'],
        ['notifications', 'payment_received payment_sent'],
      ]),
    ).toEqual({
      methods: ['pay_invoice', 'get_balance', 'get_info'],
      encryptions: ['nip44_v2', 'nip04'],
      notifications: ['payment_received', 'payment_sent'],
    });
  });

  it('means NIP-04 only without an encryption tag, and prefers NIP-44 when offered', () => {
    expect(info([]).encryptions).toEqual(['nip04']);
    expect(chooseEncryption(info([]))).toBe('nip04');
    expect(chooseEncryption(info([['encryption', 'nip04 nip44_v2']]))).toBe('nip44_v2');
    expect(chooseEncryption(info([['encryption', 'nip44_v2']]))).toBe('nip44_v2');
    expect(chooseEncryption(undefined)).toBe('nip04');
    expect(info([['encryption', 'nip99 nip04']]).encryptions).toEqual(['nip04']);
  });

  it('reads the scheme of a request from its tag', () => {
    expect(encryptionOf({ tags: [['encryption', 'nip44_v2']] })).toBe('nip44_v2');
    expect(encryptionOf({ tags: [['p', 'x']] })).toBe('nip04');
  });
});

describe('NIP-47 payloads', () => {
  const client = generateSecretKey();
  const wallet = generateSecretKey();

  it('encrypts with either scheme and decrypts by the payload shape', () => {
    for (const scheme of ['nip44_v2', 'nip04'] as const) {
      const payload = nwcEncrypt(scheme, client, getPublicKey(wallet), '{"method":"get_info"}');
      expect(isNip04Payload(payload)).toBe(scheme === 'nip04');
      expect(nwcDecrypt(wallet, getPublicKey(client), payload)).toBe('{"method":"get_info"}');
    }
  });

  it('parses requests and responses, tolerating odd shapes', () => {
    expect(parseNwcRequest('{"method":"pay_invoice","params":{"invoice":"lnbc1"}}')).toEqual({
      method: 'pay_invoice',
      params: { invoice: 'lnbc1' },
    });
    expect(parseNwcRequest('{"method":"get_info"}')).toEqual({ method: 'get_info', params: {} });
    expect(parseNwcRequest('[1]')).toBeUndefined();
    expect(parseNwcRequest('nope')).toBeUndefined();
    expect(
      parseNwcResponse(
        '{"result_type":"pay_invoice","error":{"code":"INSUFFICIENT_BALANCE","message":"low"},"result":null}',
      ),
    ).toEqual({
      result_type: 'pay_invoice',
      error: { code: 'INSUFFICIENT_BALANCE', message: 'low' },
      result: null,
    });
    expect(parseNwcResponse('{"result_type":"get_balance","result":{"balance":5}}')).toEqual({
      result_type: 'get_balance',
      error: null,
      result: { balance: 5 },
    });
    expect(parseNwcResponse('{"error":null}')).toBeUndefined();
    // A wallet that could not read the request cannot name its method; its error still counts.
    expect(
      parseNwcResponse('{"error":{"code":"UNSUPPORTED_ENCRYPTION","message":"nip04 only"}}'),
    ).toEqual({
      result_type: '',
      error: { code: 'UNSUPPORTED_ENCRYPTION', message: 'nip04 only' },
      result: null,
    });
  });

  it('signs requests as ordinary events of the connection key', () => {
    const event = finalizeEvent(
      { kind: 23194, created_at: 1, tags: [['p', getPublicKey(wallet)]], content: 'x' },
      client,
    );
    expect(event.pubkey).toBe(getPublicKey(client));
  });
});
