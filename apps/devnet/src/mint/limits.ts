/** The largest mint or melt quote of the devnet mint, in sats. */
export const MAX_QUOTE_SATS = 10_000_000;
