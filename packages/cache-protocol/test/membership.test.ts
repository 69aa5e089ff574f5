import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LEGEND_MIN_USD,
  MEMBERSHIP_COMMANDS,
  isLegendStyle,
  isMembershipProductId,
  membershipNameProblem,
  productPriceUsd,
} from '../src/index.ts';

describe('membership rules', () => {
  it('prices: 3 months at $7 and 12 months at $6 a month; a legend from $1000', () => {
    expect(productPriceUsd('3-months-premium')).toBe(21);
    expect(productPriceUsd('12-months-premium')).toBe(72);
    expect(productPriceUsd('legend-premium')).toBe(LEGEND_MIN_USD);
    expect(productPriceUsd('legend-premium', 2500)).toBe(2500);
    expect(isMembershipProductId('1-month-premium')).toBe(false);
    expect(isMembershipProductId('toString')).toBe(false);
  });

  it('names: at least 3 characters of a-z 0-9 . _ -, not starting or ending with punctuation', () => {
    expect(membershipNameProblem('ab')).toBe('too-short');
    expect(membershipNameProblem(' Abc ')).toBeUndefined();
    expect(membershipNameProblem('a b c')).toBe('invalid');
    expect(membershipNameProblem('.abc')).toBe('invalid');
    expect(membershipNameProblem('abc-')).toBe('invalid');
    expect(membershipNameProblem('x'.repeat(65))).toBe('too-long');
    fc.assert(
      fc.property(fc.string(), (s) => {
        const p = membershipNameProblem(s);
        // never throws; anything accepted is a NIP-05 local part of 3..64 characters
        if (p === undefined) expect(s.trim().toLowerCase()).toMatch(/^[a-z0-9._-]{3,64}$/);
      }),
    );
  });

  it('legend styles are the nine of the spec, or none', () => {
    for (const s of [
      'GOLD',
      'AQUA',
      'SILVER',
      'PURPLE',
      'PURPLEHAZE',
      'TEAL',
      'BROWN',
      'BLUE',
      'SUNFIRE',
      '',
    ])
      expect(isLegendStyle(s)).toBe(true);
    expect(isLegendStyle('gold')).toBe(false);
    expect(isLegendStyle(undefined)).toBe(false);
    expect(MEMBERSHIP_COMMANDS).toContain('membership_purchase_monitor');
  });
});
