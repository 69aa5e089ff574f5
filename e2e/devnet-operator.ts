/**
 * The header of the devnet operator's controls (switching the bunker off, rotating the mint,
 * the exchange rate): playwright.config.ts gives the server SWELL_DEVNET_OPERATOR_TOKEN.
 */
export function operatorHeaders(): Record<string, string> {
  const token = process.env.SWELL_DEVNET_OPERATOR_TOKEN;
  if (!token)
    throw new Error('SWELL_DEVNET_OPERATOR_TOKEN is not set (playwright.config.ts sets it)');
  return { authorization: `Bearer ${token}` };
}
