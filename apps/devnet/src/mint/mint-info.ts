import { MAX_QUOTE_SATS } from './limits.ts';
import { MINT_UNIT } from './mint-keysets.ts';

/** The devnet mint's `/v1/info` (NUT-06): bolt11 in sats, NUT-07 to 12. */
export function mintInfo(opts: { baseUrl: string; pubkey: string; time: number }) {
  const method = (options?: Record<string, unknown>) => ({
    method: 'bolt11',
    unit: MINT_UNIT,
    min_amount: 1,
    max_amount: MAX_QUOTE_SATS,
    ...(options ? { options } : {}),
  });
  return {
    name: 'Swell devnet mint',
    pubkey: opts.pubkey,
    version: 'swell-devnet/0.1.0',
    description: 'A local Cashu mint on the Swell devnet lightning ledger. Not real money.',
    description_long:
      'Mint quotes are paid with POST /devnet/pay; melts pay devnet invoices such as zap invoices. Spent proofs, quotes and keysets are kept across restarts.',
    contact: [],
    motd: 'Devnet: these sats are not real.',
    urls: [opts.baseUrl],
    time: opts.time,
    nuts: {
      '4': { methods: [method({ description: true })], disabled: false },
      '5': { methods: [method()], disabled: false },
      '7': { supported: true },
      '8': { supported: true },
      '9': { supported: true },
      '10': { supported: true },
      '11': { supported: true },
      '12': { supported: true },
    },
  };
}
