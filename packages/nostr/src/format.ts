/** Numbers shortened with thousand and million suffixes (client-spec section 9): 1.2K, 3.4M. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  if (value < 0) return `-${formatNumber(-value)}`;
  const short = (n: number): string =>
    n < 99.95 ? n.toFixed(1).replace(/\.0$/, '') : String(Math.round(n));
  if (value < 999.5) return String(Math.round(value));
  if (value < 999_500) return `${short(value / 1000)}K`;
  return `${short(value / 1_000_000)}M`;
}

const BYTE_UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** Storage sizes in bytes, KB, MB, GB or TB (1024-based, one decimal): '1.5 MB'. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 bytes';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${Math.round(value)} bytes`;
  const rounded = Math.round(value * 10) / 10;
  return `${rounded % 1 === 0 ? rounded.toFixed(0) : rounded.toFixed(1)} ${BYTE_UNITS[unit]}`;
}

/** How long ago something happened, in the largest whole unit (for translated strings). */
export type RelativeTime =
  | { unit: 'now' }
  | { unit: 'minute' | 'hour' | 'day'; value: number }
  | { unit: 'date'; date: Date; sameYear: boolean };

/** Both arguments in Unix seconds. Up to 7 days as minutes, hours or days; then a date. */
export function relativeTime(timestamp: number, now: number = Date.now() / 1000): RelativeTime {
  const seconds = Math.floor(now - timestamp);
  if (seconds < 60) return { unit: 'now' };
  if (seconds < 3600) return { unit: 'minute', value: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { unit: 'hour', value: Math.floor(seconds / 3600) };
  if (seconds < 7 * 86_400) return { unit: 'day', value: Math.floor(seconds / 86_400) };
  const date = new Date(timestamp * 1000);
  return {
    unit: 'date',
    date,
    sameYear: date.getUTCFullYear() === new Date(now * 1000).getUTCFullYear(),
  };
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale and year display: making one costs far more than formatting. */
function monthDay(locale: string, withYear: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withYear}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      month: 'short',
      day: 'numeric',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
    dateFormats.set(key, f);
  }
  return f;
}

/** Compact English relative time: 'now', '5m', '3h', '2d', 'Mar 4', 'Mar 4, 2023'. */
export function formatRelativeTime(
  timestamp: number,
  now: number = Date.now() / 1000,
  locale = 'en-US',
): string {
  const r = relativeTime(timestamp, now);
  switch (r.unit) {
    case 'now':
      return 'now';
    case 'minute':
      return `${r.value}m`;
    case 'hour':
      return `${r.value}h`;
    case 'day':
      return `${r.value}d`;
    case 'date':
      return monthDay(locale, !r.sameYear).format(r.date);
  }
}
