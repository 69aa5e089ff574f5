/**
 * A rough strength of a password, for the meter beside the ncryptsec export (NIP-49): bits of a
 * random choice of its length from the character classes it uses, with a repeated character
 * (`aaaa`) or a run (`1234`, `abcd`) counted once. It does not know dictionaries, so it flatters
 * a word; the words it shows ("weak" to "strong") are what it is for.
 */
export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

export const strengthLabels = ['empty', 'weak', 'fair', 'good', 'strong'] as const;

export function passwordBits(password: string): number {
  const chars = [...password.normalize('NFKC')];
  if (chars.length === 0) return 0;
  let pool = 0;
  if (chars.some((c) => /[a-z]/.test(c))) pool += 26;
  if (chars.some((c) => /[A-Z]/.test(c))) pool += 26;
  if (chars.some((c) => /[0-9]/.test(c))) pool += 10;
  if (chars.some((c) => /[ -/:-@[-`{-~]/.test(c))) pool += 33;
  if (chars.some((c) => c.codePointAt(0)! > 0x7e)) pool += 100;
  // A character that repeats its predecessor or goes on a run by one adds next to nothing.
  let counted = 1;
  for (let i = 1; i < chars.length; i++) {
    const step = chars[i]!.codePointAt(0)! - chars[i - 1]!.codePointAt(0)!;
    if (step !== 0 && step !== 1 && step !== -1) counted++;
  }
  return Math.round(counted * Math.log2(pool));
}

/** 0 for nothing typed; then weak (< 36 bits), fair (< 50), good (< 64), strong. */
export function passwordStrength(password: string): PasswordStrength {
  const bits = passwordBits(password);
  if (bits === 0) return 0;
  if (bits < 36) return 1;
  if (bits < 50) return 2;
  if (bits < 64) return 3;
  return 4;
}
