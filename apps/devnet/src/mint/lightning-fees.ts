/** Lightning fee reserve the devnet asks for: 1% of the amount, at least 2 sats. */
export function feeReserveFor(amount: number): number {
  return Math.max(2, Math.ceil(amount / 100));
}

/** What the devnet's simulated route actually costs: half the reserve, rounded down. */
export function routingFeeFor(feeReserve: number): number {
  return Math.floor(feeReserve / 2);
}

/** Splits an amount into powers of two, ascending (NUT-08 change). */
export function powersOfTwo(amount: number): number[] {
  const out: number[] = [];
  for (let bit = 1; amount > 0; bit *= 2) {
    if (amount % (bit * 2) !== 0) {
      out.push(bit);
      amount -= bit;
    }
  }
  return out;
}
