import { i18n } from '@/i18n/index.ts';

const whole = new Intl.NumberFormat('en');

/** "1 sat", "1,000 sats". */
export function formatSats(amount: number): string {
  return i18n.t('wallet.sats', { count: amount, formatted: whole.format(amount) });
}

/** A mint shown by its host and path ("mint.example/devnet/mint"). */
export function mintLabel(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname === '/' ? '' : u.pathname.replace(/\/$/, '')}`;
  } catch {
    return url;
  }
}

/** A whole, positive number of sats typed by the user; null when it is not one. */
export function parseSats(text: string): number | null {
  const t = text.trim().replace(/[\s,_]/g, '');
  if (!/^\d{1,15}$/.test(t)) return null;
  const n = Number(t);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

/**
 * A mint address typed by the user: https (http only for a loopback or this page's own host),
 * no query or fragment, no trailing slash. Null when it is not one.
 */
export function parseMintUrl(text: string, pageOrigin?: string): string | null {
  let u: URL;
  try {
    u = new URL(text.trim());
  } catch {
    return null;
  }
  const local =
    ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname) ||
    (pageOrigin !== undefined && u.origin === pageOrigin);
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && local)) return null;
  if (u.search || u.hash || u.username || u.password) return null;
  return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
}

/** Mint answers about the request itself, in the mint's technical words ("request is not a
 * valid bolt11 invoice"), and the sentence a person reads instead. */
const mintWords: Array<[RegExp, string]> = [
  [/bolt11|invoice|payment request/i, 'wallet.errors.invalidInvoice'],
  [/amount/i, 'wallet.errors.invalidAmount'],
];

/**
 * Someone else's words in lower case ("token already spent") as a sentence ("Token already
 * spent."). The wallet's own messages are kept as they are: they are the spec's catalogue
 * ('Not enough funds available', and 'bad response' for an unreadable mint answer).
 */
function sentence(text: string): string {
  const t = text.trim();
  if (t === 'bad response' || !/^\p{Ll}/u.test(t)) return t;
  return `${t[0]!.toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}`;
}

/**
 * The words of an error safe to show, as a sentence: the wallet's own messages (spec section 8
 * catalogue), a mint's refusal of the request mapped to one of them, else a generic line.
 */
export function errorText(err: unknown): string {
  if (!(err instanceof Error) || !err.message.trim()) return i18n.t('app.error');
  const code = (err as { code?: unknown }).code;
  if (code === 'invalid-invoice') return i18n.t('wallet.errors.invalidInvoice');
  if (code === 'mint-error' || code === 'bad-response') {
    for (const [pattern, key] of mintWords) if (pattern.test(err.message)) return i18n.t(key);
  }
  return sentence(err.message);
}
