import { formatNumber } from '@swell/nostr';
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
  const rtf = new Intl.RelativeTimeFormat(i18next.language, { numeric: 'auto', style: 'short' });
  for (const [unit, secs] of units) {
    if (Math.abs(diff) >= secs || unit === 'second')
      return rtf.format(Math.round(diff / secs), unit);
  }
  return '';
}

export function fullDate(unix: number): string {
  return new Date(unix * 1000).toLocaleString(i18next.language);
}
