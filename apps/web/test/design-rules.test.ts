import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { create } from 'qrcode';
import { nip19, tokenize } from '@swell/nostr';
import type { SignedEvent } from '@swell/cache-protocol';
import { badgeCap, capCount } from '@/components/ui/badge.tsx';
import { toastDurations } from '@/components/ui/toast-store.ts';
import { trimBreaks } from '@/features/note/note-content.tsx';
import { qrPath } from '@/components/qr-code.tsx';
import { navBadgeLabel } from '@/app/nav/nav-badge-label.ts';
import { noteBech32, notePath, rawEventJson } from '@/features/note-actions/note-addresses.ts';
import { i18n } from '@/i18n/index.ts';

const t = i18n.t;

const note: SignedEvent = {
  id: 'a'.repeat(64),
  pubkey: 'b'.repeat(64),
  created_at: 1_700_000_000,
  kind: 1,
  tags: [['t', 'nostr']],
  content: 'hello',
  sig: 'c'.repeat(128),
};

describe('design rules', () => {
  it('count badges cap at 99+ (spec section 9)', () => {
    expect(badgeCap).toBe(99);
    expect(capCount(0)).toBe('0');
    expect(capCount(99)).toBe('99');
    expect(capCount(100)).toBe('99+');
    expect(capCount(12_345)).toBe('99+');
    expect(navBadgeLabel('notifications', 150, t)).toBe('99+ unread notifications');
    expect(navBadgeLabel('newNotes', 1, t)).toBe('1 new note');
    expect(navBadgeLabel('messages', 7, t)).toBe('7 unread messages');
  });

  it('toasts last as long as the spec says', () => {
    expect(toastDurations).toEqual({
      success: 2000,
      notImplemented: 2000,
      info: 4000,
      warning: 4000,
      error: 4000,
    });
  });

  it('drops line breaks that only pad media and cards, keeps the ones between text', () => {
    const image = 'https://example.com/a.jpg';
    const types = (s: string) => trimBreaks(tokenize(s, [])).map((x) => x.type);
    expect(types(`look\n\n${image}\n\n`)).toEqual(['text', 'image']);
    expect(types('one\n\ntwo')).toEqual(['text', 'linebreak', 'linebreak', 'text']);
    expect(types(`\n\n${image}\nafter`)).toEqual(['image', 'text']);
  });

  it('addresses a note: note1 and /e/ path, naddr for articles, raw event as JSON', () => {
    expect(noteBech32(note)).toBe(nip19.noteEncode(note.id));
    expect(notePath(note)).toBe(`/e/${nip19.noteEncode(note.id)}`);
    const article = { ...note, kind: 30023, tags: [['d', 'my-post']] };
    const naddr = noteBech32(article);
    expect(naddr.startsWith('naddr1')).toBe(true);
    expect(nip19.decode(naddr)).toMatchObject({
      type: 'naddr',
      data: { kind: 30023, pubkey: note.pubkey, identifier: 'my-post' },
    });
    const raw = JSON.parse(rawEventJson({ ...note, extra: 1 } as unknown as SignedEvent));
    expect(Object.keys(raw).sort()).toEqual(
      ['content', 'created_at', 'id', 'kind', 'pubkey', 'sig', 'tags'].sort(),
    );
    expect(raw).toMatchObject({ id: note.id, sig: note.sig, tags: note.tags });
  });

  it('draws a QR code module for module', () => {
    const text = 'https://swell.example/home';
    const { size, path } = qrPath(text, 2);
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    expect(size).toBe(modules.size + 4);
    // One unit square per dark module, offset by the quiet zone.
    const squares = [...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => [
      Number(m[2]) - 2,
      Number(m[1]) - 2,
    ]);
    let dark = 0;
    for (let r = 0; r < modules.size; r++)
      for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) dark++;
    expect(squares).toHaveLength(dark);
    for (const [r, c] of squares) expect(modules.get(r!, c!)).toBeTruthy();
    // The three finder patterns: their corners are dark.
    for (const [r, c] of [
      [0, 0],
      [0, modules.size - 1],
      [modules.size - 1, 0],
    ])
      expect(modules.get(r!, c!)).toBeTruthy();
  });

  it('every literal i18n key used in the app exists in the English strings', () => {
    const root = fileURLToPath(new URL('../src', import.meta.url));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(name) && !p.includes(`${join('src', 'i18n')}`)) files.push(p);
      }
    };
    walk(root);
    const missing: string[] = [];
    let checked = 0;
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z.]+)'/g)) {
        const key = m[1]!;
        checked++;
        if (!i18n.exists(key) && !i18n.exists(`${key}_other`)) missing.push(`${key} (${file})`);
      }
      for (const m of source.matchAll(
        /(?:label|title): '((?:nav|settings|help|themes)\.[a-zA-Z.]+)'/g,
      )) {
        if (!i18n.exists(m[1]!)) missing.push(`${m[1]} (${file})`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  });
});
