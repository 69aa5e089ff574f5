import { describe, expect, it } from 'vitest';
import { nip19 } from '@swell/nostr';
import { linkNostrReferences } from '@/lib/nostr-links.ts';

const npub = nip19.npubEncode('a'.repeat(64));
const note = nip19.noteEncode('b'.repeat(64));

describe('nostr: references in article markdown', () => {
  it('links profiles to /p/ and notes to /e/, with short labels', () => {
    const out = linkNostrReferences(`Thanks to nostr:${npub} for nostr:${note}.`);
    expect(out).toBe(
      `Thanks to [@${npub.slice(0, 12)}…${npub.slice(-4)}](/p/${npub}) for [${note.slice(0, 12)}…${note.slice(-4)}](/e/${note}).`,
    );
  });

  it('leaves code, existing links and other text alone', () => {
    const code = `\`nostr:${npub}\`\n\n\`\`\`\nnostr:${note}\n\`\`\``;
    expect(linkNostrReferences(code)).toBe(code);
    const linked = `[x](nostr:${npub}) and https://example.com/nostr:${npub}`;
    expect(linkNostrReferences(linked)).toBe(linked);
    expect(linkNostrReferences('nostr:nothing here')).toBe('nostr:nothing here');
  });
});
