import { describe, expect, it } from 'vitest';
import { passwordBits, passwordStrength } from '@/lib/password-strength.ts';

describe('password strength (the ncryptsec export meter)', () => {
  it('grows with length and character classes', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('hunter')).toBe(1);
    expect(passwordStrength('correcthorse')).toBe(2);
    expect(passwordStrength('correct-horse')).toBe(4);
    expect(passwordStrength('correct horse battery')).toBe(4);
    expect(passwordBits('Tr0ub4dor&3')).toBeGreaterThan(passwordBits('troubador'));
  });

  it('counts a repeated character or a run once', () => {
    expect(passwordStrength('aaaaaaaaaaaaaaaa')).toBe(1);
    expect(passwordStrength('12345678901234567890')).toBe(1);
    expect(passwordBits('abcdefghijkl')).toBeLessThan(passwordBits('qmzpxrtkwbvn'));
  });
});
