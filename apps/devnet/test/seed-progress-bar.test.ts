import { describe, expect, it } from 'vitest';
import { seedProgressBar } from '../src/seed-progress-bar.ts';

describe('seeding progress without a terminal (README: "with a progress bar")', () => {
  it('prints a line every 10 % and one when done', () => {
    const lines: string[] = [];
    const out = { isTTY: false, write: (s: string) => lines.push(s) > 0 };
    const bar = seedProgressBar(out);
    for (let i = 0; i <= 100; i += 5) {
      bar.update({ fraction: i / 100, generated: i * 10, ingested: i * 10, generating: i < 60 });
    }
    bar.stop();
    expect(lines[0]).toBe('swell: seeding the demo network...\n');
    expect(lines.slice(1, -1)).toHaveLength(11);
    expect(lines[1]).toBe('swell: demo network 0% | 0 events in | generating and importing\n');
    expect(lines.at(-2)).toBe('swell: demo network 100% | 1,000 events in | importing\n');
    expect(lines.at(-1)).toBe('swell: demo network seeded, 1,000 events\n');
  });
});
