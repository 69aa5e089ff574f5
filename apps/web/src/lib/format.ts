import { formatNumber, formatRelativeTime } from '@swell/nostr';
import { i18n } from '@/i18n/index.ts';

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

const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

/**
 * One Intl formatter per language and kind, made on first use: making one costs far more than
 * formatting with it (a feed formats a date for every note).
 */
function formatter<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  make: (language: string) => T,
): T {
  const key = `${kind}|${i18n.language}`;
  let f = formatters.get(key);
  if (!f) {
    f = make(i18n.language);
    formatters.set(key, f);
  }
  return f as T;
}

/**
 * "5 minutes ago" for a unix timestamp ("in 5 minutes" for a future one). Past times come from
 * the app's strings (`app.ago`): every note's accessible time label uses this, and making an
 * Intl.RelativeTimeFormat costs tens of milliseconds on a slow phone, in the task that renders
 * the first notes. Future times (invoice expiries) use Intl.
 */
export function relativeTime(unix: number, now = Date.now() / 1000): string {
  const diff = unix - now;
  const [unit, secs] = units.find(([, s]) => Math.abs(diff) >= s) ?? units.at(-1)!;
  const value = Math.round(Math.abs(diff) / secs);
  if (diff <= 0)
    return value === 0 ? i18n.t('app.ago.now') : i18n.t(`app.ago.${unit}`, { count: value });
  const rtf = formatter(
    'relative',
    (l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto', style: 'long' }),
  );
  return rtf.format(Math.round(diff / secs), unit);
}

/** Compact time for note headers: "now", "5m", "3h", "2d", then a date. */
export function compactTime(unix: number, now = Date.now() / 1000): string {
  return formatRelativeTime(unix, now, i18n.language);
}

/** Date and time ("Mar 4, 2026, 9:41 AM"), as a note's time shows on hover. */
export function fullDate(unix: number): string {
  return formatter(
    'full',
    (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(new Date(unix * 1000));
}

/** A calendar date ("Mar 4, 2026"). */
export function shortDate(unix: number): string {
  return formatter('date', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' })).format(
    new Date(unix * 1000),
  );
}

/** Minutes to read a text of `words` words (238 words a minute), at least 1. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / 238));
}
