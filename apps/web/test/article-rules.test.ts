// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { nip19 } from '@swell/nostr';
import { renderMarkdown } from '@/components/article/render-markdown.ts';
import { withoutRepeatedTitle } from '@/lib/article-title.ts';
import { labelMentions, mentionedPubkeys } from '@/lib/mention-labels.ts';

describe('an article prints its title once', () => {
  it('drops a first heading that repeats the title', () => {
    expect(withoutRepeatedTitle('# The Title\n\nBody.', 'The title')).toBe('\nBody.');
    expect(withoutRepeatedTitle('\n\n## The *Title*!\nBody', 'The title')).toBe('Body');
    expect(withoutRepeatedTitle('The Title\n=========\n\nBody', 'The Title')).toBe('\nBody');
    expect(withoutRepeatedTitle('# The Title ##\nBody', 'The Title')).toBe('Body');
  });

  it('keeps other first headings, later headings and text', () => {
    expect(withoutRepeatedTitle('# Another\n\nBody', 'The title')).toBe('# Another\n\nBody');
    expect(withoutRepeatedTitle('Intro\n\n# The title', 'The title')).toBe('Intro\n\n# The title');
    expect(withoutRepeatedTitle('### The title\nBody', 'The title')).toBe('### The title\nBody');
    expect(withoutRepeatedTitle('# The title', '')).toBe('# The title');
    expect(withoutRepeatedTitle('', 'The title')).toBe('');
  });
});

describe('people mentioned in an article show by name', () => {
  const pk = 'b'.repeat(64);
  const npub = nip19.npubEncode(pk);
  const source = `Thanks to nostr:${npub} and [my friend](/p/${npub}), not \`nostr:${npub}\`.`;

  it('finds the mentioned keys and writes their names into the generated links', () => {
    expect(mentionedPubkeys(source)).toEqual([pk]);
    const el = document.createElement('div');
    el.innerHTML = renderMarkdown(source);
    const [generated, own] = [...el.querySelectorAll('a')];
    expect(generated!.textContent).toMatch(/^@npub1/);
    labelMentions(el, new Map([[pk, 'Bob']]));
    expect(generated!.textContent).toBe('@Bob');
    // A link the writer labelled keeps its text; code stays code.
    expect(own!.textContent).toBe('my friend');
    expect(el.querySelector('code')!.textContent).toBe(`nostr:${npub}`);
  });

  it('leaves a mention whose name is not known yet', () => {
    const el = document.createElement('div');
    el.innerHTML = renderMarkdown(source);
    labelMentions(el, new Map());
    expect(el.querySelector('a')!.textContent).toMatch(/^@npub1/);
  });
});
