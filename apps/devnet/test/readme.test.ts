import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoAccounts } from '../src/index.ts';
import { bech32Key, deriveSecretKey, publicKeyHex } from '../src/keys.ts';

describe('README "Demo accounts"', () => {
  it('lists every demo account with the keys the generator uses', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.split('## Demo accounts')[1]!.split('\n## ')[0]!;
    expect(demoAccounts.length).toBeGreaterThanOrEqual(5);
    for (const a of demoAccounts) {
      expect(section).toContain(`| ${a.name} | ${a.displayName} | \`${a.npub}\` | \`${a.nsec}\` |`);
      const sk = deriveSecretKey(`demo-account:${a.name}`);
      expect(publicKeyHex(sk)).toBe(a.pubkey);
      expect(bech32Key('nsec', sk)).toBe(a.nsec);
    }
  });
});
