import { describe, expect, it } from 'vitest';
import { relativeTime } from '@/lib/format.ts';

const now = 1_800_000_000;

describe('relativeTime', () => {
  it('writes past times from the app strings, with plurals', () => {
    expect(relativeTime(now, now)).toBe('now');
    expect(relativeTime(now - 1, now)).toBe('1 second ago');
    expect(relativeTime(now - 42, now)).toBe('42 seconds ago');
    expect(relativeTime(now - 60, now)).toBe('1 minute ago');
    expect(relativeTime(now - 5 * 60, now)).toBe('5 minutes ago');
    expect(relativeTime(now - 3 * 3600, now)).toBe('3 hours ago');
    expect(relativeTime(now - 86400, now)).toBe('1 day ago');
    expect(relativeTime(now - 45 * 86400, now)).toBe('2 months ago');
    expect(relativeTime(now - 400 * 86400, now)).toBe('1 year ago');
  });

  it('writes future times with Intl', () => {
    expect(relativeTime(now + 5 * 60, now)).toBe('in 5 minutes');
    expect(relativeTime(now + 2 * 3600, now)).toBe('in 2 hours');
  });
});
