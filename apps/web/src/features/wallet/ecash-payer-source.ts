import type { PayerSource } from '@/features/zaps/payer-registry.ts';
import { swell } from '@/data/client.ts';
import { hasEcashWallet } from '@/features/wallet/wallet-presence.ts';

/**
 * The built-in ecash wallet as a way to pay zaps and invoices: usable when the signed-in account
 * has a wallet on this device; the wallet (and the ecash module) loads only to pay. The
 * `EcashWallet` is itself a `Payer` (errors mapped to `PaymentError`, 'Not enough funds
 * available' as `insufficient_balance`).
 */
export const ecashPayerSource: PayerSource = {
  id: 'ecash',
  label: 'zaps.payer.ecash',
  // Below an extension (100) and wallet connect (80): those are set up on purpose.
  priority: 60,
  available: () => hasEcashWallet(swell().session.pubkey),
  create: async () => {
    const pubkey = swell().session.pubkey;
    const { walletOf } = await import('@/features/wallet/wallet-session.ts');
    const wallet = pubkey ? await walletOf(pubkey) : null;
    if (!wallet) throw new Error('no ecash wallet');
    return wallet;
  },
};
