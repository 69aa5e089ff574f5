import { describe, expect, it } from 'vitest';
import { splitNip05 } from '@/features/profile/nip05.ts';
import { pollDelay } from '@/features/home/home-feed.ts';
import { newNotesLabel } from '@/features/home/new-notes-pill.tsx';
import { cashuAmount } from '@/components/note/payment-cards.tsx';
import { i18n } from '@/i18n/index.ts';
import { en } from '@/i18n/en.ts';
import { themes, defaultTheme } from '@/theme/themes.ts';

describe('small rules', () => {
  it('the new-notes pill caps its count at 99+', () => {
    const t = i18n.t;
    expect(newNotesLabel(1, t)).toBe('1 new note');
    expect(newNotesLabel(99, t)).toBe('99 new notes');
    expect(newNotesLabel(100, t)).toBe('99+ new notes');
  });
  it('polls for new notes every 25 to 35 s', () => {
    expect(pollDelay(() => 0)).toBe(25_000);
    expect(pollDelay(() => 0.999999)).toBeLessThanOrEqual(35_000);
    expect(pollDelay(() => 0.5)).toBe(30_000);
  });
  it('splits name@domain (with a port) and bare domains', () => {
    expect(splitNip05('Alice@127.0.0.1:8080')).toEqual({ name: 'alice', domain: '127.0.0.1:8080' });
    expect(splitNip05('example.com')).toEqual({ name: '_', domain: 'example.com' });
    expect(splitNip05('not an address')).toBeUndefined();
    expect(splitNip05('a@b@c')).toBeUndefined();
  });
  it('sums the proofs of a cashuA token', () => {
    const token = {
      token: [{ mint: 'https://mint', proofs: [{ amount: 2 }, { amount: 8 }, { amount: 32 }] }],
    };
    const b64 = Buffer.from(JSON.stringify(token)).toString('base64url');
    expect(cashuAmount(`cashuA${b64}`)).toBe(42);
    expect(cashuAmount('cashuA!!!')).toBeUndefined();
  });
  it('ships the spec notices verbatim and four themes, sunrise by default', () => {
    expect(en.app.notImplemented).toBe(
      'Feature not available in this preview release. Rest assured, we are working on it. Come back soon!',
    );
    // The catalogue's "login: valid private key required", as a sentence (issue 31).
    expect(en.login.invalidKey).toMatch(/^A valid private key is required\b/);
    expect(themes.map((t) => [t.name, t.dark])).toEqual([
      ['sunset', true],
      ['sunrise', false],
      ['midnight', true],
      ['ice', false],
    ]);
    expect(defaultTheme).toBe('sunrise');
  });
});
