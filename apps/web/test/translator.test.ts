import { describe, expect, it } from 'vitest';
import { createTranslator } from '@/i18n/translator.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { i18n } from '@/i18n/index.ts';

// The translator replaces i18next for the subset the app uses. Every returned string below is
// what i18next 27 (with the app's former settings: escapeValue false) answered for the same
// strings and calls, checked side by side before it was removed. What is reported missing
// differs on purpose in two ways: a plural key is reported by its bare name (i18next named each
// form), and a key that names a group of strings is reported too (i18next showed the raw key
// without a word, which is never what a screen should show).

function setup() {
  const missing: string[] = [];
  const tr = createTranslator('en', (key) => missing.push(key));
  tr.add({
    a: { b: 'Hello {{name}}', two: '{{n}} and {{m}}', spaced: '{{ name }}!', group: { x: 'y' } },
    item_one: '{{count}} item',
    item_other: '{{count}} items',
    bare: 'Bare {{count}}',
    mixed: 'bare',
    mixed_one: 'one',
    onlyOther_other: 'other {{count}}',
    onlyOne_one: 'only one',
    body: 'Plain',
    body_article: 'Article',
    both_one: 'one',
    both_other: 'other',
    both_article: 'article',
    both_article_other: 'article other',
  });
  return { ...tr, missing };
}

describe('translator', () => {
  it('looks a dotted key up in nested strings and fills {{name}} slots', () => {
    const { t } = setup();
    expect(t('a.b', { name: 'Al' })).toBe('Hello Al');
    expect(t('a.spaced', { name: 'S' })).toBe('S!');
    expect(t('a.b', { name: 0 })).toBe('Hello 0');
    // No escaping (React escapes) and no second pass over what was filled in.
    expect(t('a.b', { name: '<b>{{name}}</b> $& $1' })).toBe('Hello <b>{{name}}</b> $& $1');
  });

  it('leaves a slot without a value as written; undefined or null empties it', () => {
    const { t } = setup();
    expect(t('a.b')).toBe('Hello {{name}}');
    expect(t('a.two', { n: 1 })).toBe('1 and {{m}}');
    expect(t('a.b', { name: undefined })).toBe('Hello ');
    expect(t('a.b', { name: null })).toBe('Hello ');
  });

  it('picks the English plural form by count: 1 and -1 are "one", 0 and 1.5 are "other"', () => {
    const { t } = setup();
    expect(t('item', { count: 1 })).toBe('1 item');
    expect(t('item', { count: -1 })).toBe('-1 item');
    expect(t('item', { count: 0 })).toBe('0 items');
    expect(t('item', { count: 2 })).toBe('2 items');
    expect(t('item', { count: 1.5 })).toBe('1.5 items');
  });

  it('falls back from the plural form to the bare key, then to _other', () => {
    const { t, missing } = setup();
    expect(t('bare', { count: 1 })).toBe('Bare 1');
    expect(t('mixed', { count: 1 })).toBe('one');
    expect(t('mixed', { count: 2 })).toBe('bare');
    expect(t('onlyOther', { count: 1 })).toBe('other 1');
    expect(t('onlyOne', { count: 1 })).toBe('only one');
    expect(missing).toEqual([]);
    expect(t('onlyOne', { count: 2 })).toBe('onlyOne');
    // A plural key asked for without a number is a missing string.
    expect(t('item')).toBe('item');
    expect(t('item', { count: '1' as unknown as number })).toBe('item');
    expect(missing).toEqual(['onlyOne', 'item', 'item']);
  });

  it('picks key_context over the key, and the bare key for no or an unknown context', () => {
    const { t, missing } = setup();
    expect(t('body', { context: 'article' })).toBe('Article');
    expect(t('body', { context: undefined })).toBe('Plain');
    expect(t('body', { context: '' })).toBe('Plain');
    expect(t('body', { context: 'video' })).toBe('Plain');
    expect(t('both', { context: 'article', count: 2 })).toBe('article other');
    expect(t('both', { context: 'article', count: 1 })).toBe('article');
    expect(t('both', { context: 'video', count: 1 })).toBe('one');
    expect(missing).toEqual([]);
  });

  it('gives the key itself for a missing string and reports it, unless a default is given', () => {
    const { t, missing } = setup();
    expect(t('nope')).toBe('nope');
    expect(t('a.nope.deeper')).toBe('a.nope.deeper');
    expect(t('a.b.c')).toBe('a.b.c');
    expect(t('a.group')).toBe('a.group');
    expect(t('Network error: try again')).toBe('Network error: try again');
    expect(t('constructor')).toBe('constructor');
    expect(missing).toEqual([
      'nope',
      'a.nope.deeper',
      'a.b.c',
      'a.group',
      'Network error: try again',
      'constructor',
    ]);
    expect(t('gone', { defaultValue: 'Def {{name}}', name: 'X' })).toBe('Def X');
    expect(t('gone', { defaultValue: '' })).toBe('');
    expect(t('a.b', { defaultValue: 'unused', name: 'Q' })).toBe('Hello Q');
    expect(missing).toHaveLength(6);
  });

  it('tells which keys exist: strings and groups', () => {
    const { exists } = setup();
    expect(exists('a.b')).toBe(true);
    expect(exists('a')).toBe(true);
    expect(exists('item_other')).toBe(true);
    expect(exists('item')).toBe(false);
    expect(exists('a.nope')).toBe(false);
    expect(exists('toString')).toBe(false);
  });

  it('merges added strings deeply, later ones winning, without touching the objects given', () => {
    const { t, add } = setup();
    const first = { premium: { title: 'Premium', steps: { name: 'Name' } } };
    const second = { premium: { steps: { pay: 'Pay' } }, help: { title: 'Help' } };
    add(first);
    add(second);
    add({ premium: { title: 'Premium!' } });
    expect([t('premium.title'), t('premium.steps.name'), t('premium.steps.pay')]).toEqual([
      'Premium!',
      'Name',
      'Pay',
    ]);
    expect(t('help.title')).toBe('Help');
    expect(first).toEqual({ premium: { title: 'Premium', steps: { name: 'Name' } } });
    expect(second.premium.steps).toEqual({ pay: 'Pay' });
  });

  it("the app's t: English, the bundled strings, one function for every render", () => {
    expect(i18n.language).toBe('en');
    expect(i18n.t('ui.copied')).not.toBe('ui.copied');
    expect(useTranslation().t).toBe(i18n.t);
    expect(useTranslation()).toBe(useTranslation());
  });
});
