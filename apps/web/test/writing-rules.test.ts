import { describe, expect, it } from 'vitest';
import { finalizeEvent, generateSecretKey } from '@swell/nostr';
import {
  articleDraft,
  articleOfFields,
  fieldsOfArticle,
  fieldsOfDraft,
} from '@/features/writing/article-fields.ts';
import { applyMark, insertImage, markOfKey } from '@/features/writing/markdown-marks.ts';

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>>,
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('markdown marks of the article editor', () => {
  it('wraps the selection in bold and italic, and unwraps it again', () => {
    const bold = applyMark('a word here', 2, 6, 'bold');
    expect(bold).toEqual({ text: 'a **word** here', start: 4, end: 8 });
    expect(applyMark(bold.text, bold.start, bold.end, 'bold')).toEqual({
      text: 'a word here',
      start: 2,
      end: 6,
    });
    expect(applyMark('a word', 2, 6, 'italic').text).toBe('a *word*');
    // Italic inside bold is not mistaken for an italic to remove.
    expect(applyMark(bold.text, bold.start, bold.end, 'italic').text).toBe('a ***word*** here');
  });

  it('makes a link with its URL selected, and toggles a heading on the line', () => {
    const link = applyMark('see this', 4, 8, 'link');
    expect(link.text).toBe('see [this](https://)');
    expect(link.text.slice(link.start, link.end)).toBe('https://');
    const h = applyMark('one\ntwo', 5, 5, 'heading');
    expect(h.text).toBe('one\n## two');
    expect(applyMark(h.text, h.start, h.end, 'heading').text).toBe('one\ntwo');
  });

  it('knows the shortcuts and nothing else', () => {
    expect(markOfKey(key('b', { ctrlKey: true }))).toBe('bold');
    expect(markOfKey(key('I', { metaKey: true }))).toBe('italic');
    expect(markOfKey(key('k', { ctrlKey: true }))).toBe('link');
    expect(markOfKey(key('2', { ctrlKey: true, altKey: true }))).toBe('heading');
    expect(markOfKey(key('b', {}))).toBeNull();
    expect(markOfKey(key('b', { ctrlKey: true, shiftKey: true }))).toBeNull();
  });

  it('puts an uploaded picture on a paragraph of its own', () => {
    expect(insertImage('before after', 6, 'https://x/y.png').text).toBe(
      'before\n\n![](https://x/y.png)\n\n after',
    );
    expect(insertImage('', 0, 'https://x/y.png').text).toBe('![](https://x/y.png)');
  });
});

describe('article drafts and edits', () => {
  const sk = generateSecretKey();
  const fields = {
    title: 'On Tides',
    summary: 'Why the sea moves',
    image: 'https://img.example/tide.jpg',
    topics: 'Ocean, #moon',
    body: 'The moon pulls.',
  };

  it('a draft holds every field and the d of the article it edits', () => {
    const draft = articleDraft(fields, 100, 'on-tides');
    expect(draft.kind).toBe(30023);
    expect(fieldsOfDraft(draft)).toEqual({
      fields: { ...fields, topics: 'ocean, moon' },
      editing: 'on-tides',
    });
    expect(fieldsOfDraft(articleDraft(fields, 100)).editing).toBeUndefined();
  });

  it('an edit keeps the d and published_at of the published article', () => {
    const first = finalizeEvent(
      articleOfFields(fields, { createdAt: 1000, author: 'x', identifier: 'on-tides' }),
      sk,
    );
    expect(fieldsOfArticle(first)).toEqual({ ...fields, topics: 'ocean, moon' });
    const edit = articleOfFields(
      { ...fields, title: 'On Tides, again', body: 'The moon and the sun pull.' },
      { createdAt: 900, author: 'x', previous: first },
    );
    expect(edit.tags[0]).toEqual(['d', 'on-tides']);
    expect(edit.tags).toContainEqual(['published_at', '1000']);
    expect(edit.created_at).toBe(1001);
  });
});
