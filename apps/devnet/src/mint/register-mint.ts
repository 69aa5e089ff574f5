import type { FastifyInstance } from 'fastify';
import type { InvoiceLedger } from '../invoice-ledger.ts';
import { DevnetMint, type DevnetMintOptions } from './devnet-mint.ts';
import { registerMintRoutes } from './mint-routes.ts';

/** The devnet mint's SQLite file in SWELL_DATA: spent proofs, quotes and keysets. */
export const DEVNET_MINT_FILE = 'devnet-mint.db';

/**
 * Adds the devnet Cashu mint, on the lightning ledger, under `/devnet/mint`; rotating its keyset
 * needs `operatorToken`.
 */
export async function registerDevnetMint(
  app: FastifyInstance,
  ledger: InvoiceLedger,
  operatorToken: string,
  options: DevnetMintOptions = {},
): Promise<DevnetMint> {
  const mint = new DevnetMint(ledger, options);
  await registerMintRoutes(app, mint, operatorToken);
  return mint;
}
