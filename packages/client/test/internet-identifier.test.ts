import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isAddressHost,
  isLightningAddress,
  isNip05Identifier,
} from '../src/account/internet-identifier.ts';
import { emptyProfileFields, validateProfile } from '../src/account/profile-edit.ts';

describe('NIP-05 identifiers and LUD-16 lightning addresses', () => {
  it('accept what servers hand out, ports included', () => {
    for (const a of [
      'alice@example.com',
      '_@example.com',
      'bob.smith-2_x@sub.example.co.uk',
      'alice@127.0.0.1:8080',
      'alice@localhost:8000',
      'alice@localhost',
      'alice@[::1]:8443',
      'alice@[2001:db8::1]',
      'Alice@Example.COM',
      'alice@example.com:443',
      '  alice@example.com  ',
    ]) {
      expect(isNip05Identifier(a), a).toBe(true);
      expect(isLightningAddress(a), a).toBe(true);
    }
  });

  it('LUD-16 allows + in the name, NIP-05 does not', () => {
    expect(isLightningAddress('tips+swell@wallet.example')).toBe(true);
    expect(isNip05Identifier('tips+swell@wallet.example')).toBe(false);
  });

  it('refuse what the specs do not allow', () => {
    for (const a of [
      '',
      'alice',
      '@example.com',
      'alice@',
      'al ice@example.com',
      'alice@bob@example.com',
      'alice@example',
      'alice@-example.com',
      'alice@example-.com',
      'alice@exa_mple.com',
      'alice@example.com:0',
      'alice@example.com:65536',
      'alice@example.com:http',
      'alice@example.com:',
      'alice@256.1.1.1',
      'alice@1.2.3',
      'alice@example.123',
      'alice@[::1',
      'alice@[nothex]:80',
      'alice@example.com/path',
      'alice@https://example.com',
      'ålice@example.com',
      `${'a'.repeat(65)}@example.com`,
      `alice@${'a'.repeat(64)}.com`,
    ]) {
      expect(isNip05Identifier(a), a).toBe(false);
      expect(isLightningAddress(a), a).toBe(false);
    }
  });

  it('hosts: names, IPv4, [IPv6], localhost, each with an optional port', () => {
    expect(isAddressHost('example.com:1')).toBe(true);
    expect(isAddressHost('example.com:65535')).toBe(true);
    expect(isAddressHost('10.0.0.1')).toBe(true);
    expect(isAddressHost('[fe80::1]:80')).toBe(true);
    expect(isAddressHost('::1')).toBe(false);
    expect(isAddressHost('example.com:8080:80')).toBe(false);
  });

  it('never throw, and what they accept has exactly one @ and a valid host', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        const ok = isNip05Identifier(s);
        expect(typeof isLightningAddress(s)).toBe('boolean');
        if (ok) {
          const t = s.trim();
          expect(t.split('@')).toHaveLength(2);
          expect(isAddressHost(t.split('@')[1]!)).toBe(true);
        }
      }),
    );
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9._-]{1,20}$/),
        fc.domain(),
        fc.integer({ min: 1, max: 65535 }),
        (name, domain, port) => {
          fc.pre(!/^\d+$/.test(domain.split('.').at(-1)!) && domain.includes('.'));
          expect(isNip05Identifier(`${name}@${domain}:${port}`)).toBe(true);
        },
      ),
    );
  });

  it('Edit profile accepts the app server’s own addresses (issue 31)', () => {
    const fields = {
      ...emptyProfileFields(),
      nip05: 'alice@127.0.0.1:8080',
      lud16: 'alice@127.0.0.1:8080',
    };
    expect(validateProfile(fields)).toEqual({});
  });
});
