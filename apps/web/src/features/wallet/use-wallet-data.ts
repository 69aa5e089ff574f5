import { useEffect, useState } from 'react';
import type { EcashWallet, HistoryEntry, MintSummary, WalletBalance } from '@swell/wallet/ecash';

export interface WalletData {
  balance: WalletBalance;
  history: HistoryEntry[];
  mints: MintSummary[];
}

/** How often the open wallet screen syncs with its mints (paid invoices, redeemed tokens). */
const syncEveryMs = 30_000;

async function read(wallet: EcashWallet): Promise<WalletData> {
  const [balance, history, mints] = await Promise.all([
    wallet.balance(),
    wallet.history(),
    wallet.mints(),
  ]);
  return { balance, history, mints };
}

/**
 * Balance, history and mints of the open wallet, read again whenever it changes (here or in
 * another tab). While mounted it syncs with the mints at once and every 30 s.
 */
export function useWalletData(wallet: EcashWallet): WalletData | undefined {
  const [data, setData] = useState<WalletData>();
  useEffect(() => {
    let live = true;
    const refresh = () =>
      void read(wallet).then(
        (d) => live && setData(d),
        () => {},
      );
    refresh();
    const off = wallet.subscribe((event) => {
      if (event === 'changed') refresh();
    });
    const sync = () => void wallet.sync().catch(() => {});
    sync();
    const timer = setInterval(sync, syncEveryMs);
    return () => {
      live = false;
      off();
      clearInterval(timer);
    };
  }, [wallet]);
  return data;
}
