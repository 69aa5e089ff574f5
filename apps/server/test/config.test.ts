import { describe, expect, it } from 'vitest';
import { npubEncode } from 'nostr-tools/nip19';
import { loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it('reads the public URL and the default account (hex or npub)', () => {
    const hex = 'ab'.repeat(32);
    const c = loadConfig(
      { SWELL_PUBLIC_URL: 'https://Swell.Example.com/some/path/', SWELL_DEFAULT_ACCOUNT: hex },
      [],
    );
    expect(c.publicUrl).toBe('https://swell.example.com');
    expect(c.defaultAccount).toBe(hex);
    expect(loadConfig({}, [`--SWELL_DEFAULT_ACCOUNT=${npubEncode(hex)}`]).defaultAccount).toBe(hex);
    expect(loadConfig({ SWELL_PUBLIC_URL: 'http://127.0.0.1:9000' }, []).publicUrl).toBe(
      'http://127.0.0.1:9000',
    );
    const none = loadConfig({}, []);
    expect(none.publicUrl).toBeUndefined();
    expect(none.defaultAccount).toBeUndefined();
  });

  it('reads the storage of all regular users together (SWELL_UPLOAD_TOTAL_MB)', () => {
    expect(loadConfig({ SWELL_UPLOAD_TOTAL_MB: '512' }, []).uploadTotalMb).toBe(512);
    expect(loadConfig({}, []).uploadTotalMb).toBeUndefined();
    expect(() => loadConfig({ SWELL_UPLOAD_TOTAL_MB: 'lots' }, [])).toThrow(
      /SWELL_UPLOAD_TOTAL_MB/,
    );
  });

  it('refuses a malformed public URL or default account', () => {
    expect(() => loadConfig({ SWELL_PUBLIC_URL: 'not a url' }, [])).toThrow(/SWELL_PUBLIC_URL/);
    expect(() => loadConfig({ SWELL_PUBLIC_URL: 'ftp://x.example' }, [])).toThrow(/http/);
    expect(() => loadConfig({ SWELL_DEFAULT_ACCOUNT: 'alice' }, [])).toThrow(
      /SWELL_DEFAULT_ACCOUNT/,
    );
  });

  it("reads a client address's share of the relay's filter budget (a quarter unless set)", () => {
    expect(loadConfig({}, []).limits.relayFilterShare).toBe(0.25);
    expect(loadConfig({ SWELL_RELAY_FILTER_SHARE: '0.5' }, []).limits.relayFilterShare).toBe(0.5);
    expect(loadConfig({}, ['--SWELL_RELAY_FILTER_SHARE=1']).limits.relayFilterShare).toBe(1);
    for (const bad of ['0', '-0.1', '1.5', 'half'])
      expect(() => loadConfig({ SWELL_RELAY_FILTER_SHARE: bad }, [])).toThrow(
        /SWELL_RELAY_FILTER_SHARE/,
      );
  });
});
