const MSATS_PER_UNIT: Record<string, number> = {
  // 1 BTC = 1e8 sats = 1e11 msats.
  '': 1e11,
  m: 1e8,
  u: 1e5,
  n: 100,
  p: 0.1,
};

const HRP = /^ln(?:bcrt|bc|tbs|tb|sb)(\d+)([munp]?)$/;

/**
 * The amount of a BOLT #11 invoice in millisatoshis, read from its human-readable part
 * (digits after the network prefix with unit m, u, n or p). Returns a number (exact up to
 * 9e15 msats, i.e. 90,000 BTC), or undefined when the invoice names no amount or is not an
 * invoice. Does not check the checksum: use `decodeInvoice` for that. Never throws.
 */
export function invoiceAmountMsats(bolt11: string): number | undefined {
  if (typeof bolt11 !== 'string') return undefined;
  const text = bolt11.trim().toLowerCase();
  // The bech32 separator is the last '1' (the data alphabet has no '1').
  const m = HRP.exec(text.slice(0, text.lastIndexOf('1')));
  if (!m) return undefined;
  const digits = m[1]!;
  const unit = m[2]!;
  if (digits.length > 15 || /^0/.test(digits)) return undefined;
  const n = Number(digits);
  if (unit === 'p') {
    // Pico-bitcoin amounts must be whole millisatoshis (a multiple of 10 pBTC).
    if (n % 10 !== 0) return undefined;
    return n / 10;
  }
  return n * MSATS_PER_UNIT[unit]!;
}

/** Whole satoshis of an invoice (msats / 1000, rounded down), or undefined. */
export function invoiceAmountSats(bolt11: string): number | undefined {
  const msats = invoiceAmountMsats(bolt11);
  return msats === undefined ? undefined : Math.floor(msats / 1000);
}
