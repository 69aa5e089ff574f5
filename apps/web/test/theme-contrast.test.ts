import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { themes } from '@/theme/themes.ts';

// Every text colour of every theme keeps WCAG AA contrast (4.5:1) on the backgrounds it is
// used on: axe checks the screens it visits; this checks every pairing the styles use.

const css = readFileSync(
  fileURLToPath(new URL('../src/styles/themes.css', import.meta.url)),
  'utf8',
);

function palette(name: string): Record<string, string> {
  const block = new RegExp(`\\[data-theme='${name}'\\][^{]*\\{([^}]*)\\}`).exec(css)?.[1];
  if (!block) throw new Error(`no palette for ${name}`);
  const out: Record<string, string> = {};
  for (const m of block.matchAll(/--([a-z0-9-]+):\s*([^;]+);/g)) out[m[1]!] = m[2]!.trim();
  return out;
}

function luminance(hex: string): number {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const channels = [0, 2, 4].map((i) => parseInt(m[1]!.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** [text, background] pairs the styles use. */
const pairs: [string, string][] = [
  ...[
    'fg',
    'fg-muted',
    'accent-text',
    'like',
    'zap',
    'repost',
    'reply',
    'danger',
    'success',
    'warning',
    'info',
  ].flatMap((text) => ['bg', 'surface', 'surface-2'].map((bg) => [text, bg] as [string, string])),
  // The viewed note of a thread sits on accent-soft.
  ...['fg', 'fg-muted', 'accent-text', 'like', 'zap', 'repost', 'reply'].map(
    (text) => [text, 'accent-soft'] as [string, string],
  ),
  ['accent-fg', 'accent'],
  ['accent-fg', 'accent-hover'],
  ['accent-text', 'accent-soft'],
  ['zap', 'zap-soft'],
  ['success', 'success-soft'],
  ['warning', 'warning-soft'],
  ['fg', 'surface-3'],
  ['bg', 'fg'],
  ['surface', 'danger'],
];

describe('theme contrast', () => {
  for (const theme of themes) {
    it(`${theme.name}: text colours keep 4.5:1 on their backgrounds`, () => {
      const p = palette(theme.name);
      const failing = pairs
        .map(([text, bg]) => ({ text, bg, ratio: contrast(p[text]!, p[bg]!) }))
        .filter((r) => !(r.ratio >= 4.5))
        .map((r) => `${r.text} on ${r.bg}: ${r.ratio.toFixed(2)}`);
      expect(failing).toEqual([]);
    });
  }
  it('computes the WCAG ratio (black on white is 21:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
