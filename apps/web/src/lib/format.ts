import { formatNumber, formatRelativeTime } from '@swell/nostr';
import { i18next } from '@/i18n/index.ts';

/** Numbers shortened by thousand and million suffixes (spec section 9). */
export const shortNumber = formatNumber;

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "5 minutes ago" for a unix timestamp. */
export function relativeTime(unix: number, now = Date.now() / 1000): string {
  const diff = unix - now;
  const rtf = new Intl.RelativeTimeFormat(i18next.language, { numeric: 'auto', style: 'long' });
  for (const [unit, secs] of units) {
    if (Math.abs(diff) >= secs || unit === 'second')
      return rtf.format(Math.round(diff / secs), unit);
  }
  return '';
}

/** Compact time for note headers: "now", "5m", "3h", "2d", then a date. */
export function compactTime(unix: number, now = Date.now() / 1000): string {
  return formatRelativeTime(unix, now, i18next.language);
}

export function fullDate(unix: number): string {
  return new Date(unix * 1000).toLocaleString(i18next.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/** A calendar date ("Mar 4, 2026"). */
export function shortDate(unix: number): string {
  return new Date(unix * 1000).toLocaleDateString(i18next.language, { dateStyle: 'medium' });
}

/** Minutes to read a text of `words` words (238 words a minute), at least 1. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / 238));
}
