import { describe, expect, it } from 'vitest';
import { nip19 } from '@swell/nostr';
import { plainText, summaryText } from '@/lib/summary.ts';

describe('summaryText', () => {
  it('keeps the first line, drops mentions and media, shows links by host', () => {
    const note = nip19.noteEncode(
      'b9f5441e45ca39179320e0031cfb18e34078673dcc3d3e3a3b3a981760aa5696',
    );
    expect(
      summaryText(
        `\nStill thinking about nostr:${note} and https://example.com/a/b #nostr\nsecond line`,
      ),
    ).toBe('Still thinking about and example.com #nostr');
    expect(summaryText('look https://x.org/cat.png')).toBe('look');
  });
  it('cuts long text', () => {
    expect(summaryText('a'.repeat(200), [], 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

describe('plainText', () => {
  it('keeps every line, shows links by host and leaves media out', () => {
    expect(
      plainText('first line\n\nsee https://example.com/page and https://x.test/a.mp4\n#tag'),
    ).toBe('first line see example.com and #tag');
  });
});
