/** Percentile (0-100) of a list of numbers, nearest-rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Formats a number of milliseconds with two decimals. */
export const ms = (v: number): string => `${v.toFixed(2)} ms`;
