import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LEGEND_STYLES } from '@swell/client/membership';
import { nameProblemKey } from '@/features/premium/name-field.tsx';
import { findNameLink, subscribeLink } from '@/features/premium/premium-links.ts';
import { i18n } from '@/i18n/index.ts';

const t = i18n.t;
const avatarCss = readFileSync(
  fileURLToPath(new URL('../src/components/avatar/avatar.css', import.meta.url)),
  'utf8',
);

describe('premium rules', () => {
  it('the product chosen before the name step comes back on the subscription page', () => {
    expect(findNameLink('legend-premium')).toBe('/premium/name?product=legend-premium');
    expect(findNameLink(null)).toBe('/premium/name');
    expect(findNameLink('free-forever')).toBe('/premium/name');
    expect(subscribeLink('pat', 'legend-premium')).toBe(
      '/premium/subscribe?name=pat&product=legend-premium',
    );
    expect(subscribeLink('a b&c', null)).toBe('/premium/subscribe?name=a+b%26c');
    expect(subscribeLink('pat', 'toString')).toBe('/premium/subscribe?name=pat');
  });

  it('every legend style (spec section 3) has a ring, a glow and a label', () => {
    for (const style of LEGEND_STYLES) {
      const rule = new RegExp(`\\[data-legend-style='${style}'\\]\\s*\\{([^}]*)\\}`).exec(
        avatarCss,
      );
      expect(rule, style).not.toBeNull();
      expect(rule![1]).toContain('--legend-ring');
      expect(rule![1]).toContain('--legend-glow');
      expect(t(`premium.legend.styles.${style}`)).not.toBe(`premium.legend.styles.${style}`);
    }
  });

  it('a refused name says "name unavailable" with the reason (spec sections 5 and 8)', () => {
    expect(t(nameProblemKey('too-short'))).toBe(
      'Name unavailable: a name needs at least 3 characters.',
    );
    expect(t(nameProblemKey('taken'))).toBe('Name unavailable: someone already has it.');
    expect(t(nameProblemKey('reserved'))).toBe('Name unavailable: it is reserved.');
    expect(t(nameProblemKey('something new'))).toBe('Name unavailable.');
    expect(t(nameProblemKey(undefined))).toBe('Name unavailable.');
  });
});
