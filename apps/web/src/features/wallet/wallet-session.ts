import type { Cipher, EcashWallet, WalletStorage } from '@swell/wallet/ecash';
import { createStore, type ExternalStore } from '@/lib/external-store.ts';
import { resealed, walletCipher } from '@/features/wallet/wallet-cipher.ts';
import { loadEcash } from '@/features/wallet/wallet-load.ts';
import { markEcashWallet } from '@/features/wallet/wallet-presence.ts';
import type { RelaySync } from '@/features/wallet/wallet-relays.ts';
import { payerSourcesChanged } from '@/features/zaps/payer-registry.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { wallet as walletStrings } from '@/i18n/en/wallet.ts';
import { zaps } from '@/i18n/en/zaps.ts';

addStrings({ wallet: walletStrings, zaps });

/** NIP-60 sync: its code loads once a wallet is open (a token card alone does not need it). */
const relays = () => import('@/features/wallet/wallet-relays.ts');

/** Where the signed-in user's wallet is: none yet, or open. */
export type WalletState =
  | { status: 'loading' }
  | { status: 'none'; storage: WalletStorage }
  | { status: 'open'; wallet: EcashWallet }
  | { status: 'locked' }
  | { status: 'error'; error: unknown };

interface Entry {
  store: ExternalStore<WalletState>;
  opening?: Promise<void>;
  unsubscribe?: () => void;
  /** NIP-60: the wallet kept in the user's relays while it is open. */
  relaySync?: RelaySync;
}

const entries = new Map<string, Entry>();

/** The IndexedDB database of one user's wallet. */
export const walletDbName = (pubkey: string) => `swell-wallet:${pubkey}`;

async function openStorage(pubkey: string, cipher: Cipher | null): Promise<WalletStorage> {
  const { IndexedDbWalletStorage } = await loadEcash();
  return IndexedDbWalletStorage.open({ name: walletDbName(pubkey), cipher });
}

function entryFor(pubkey: string): Entry {
  let entry = entries.get(pubkey);
  if (!entry) {
    entry = { store: createStore<WalletState>({ status: 'loading' }) };
    entries.set(pubkey, entry);
  }
  return entry;
}

function adopt(pubkey: string, wallet: EcashWallet): void {
  const entry = entryFor(pubkey);
  entry.unsubscribe?.();
  entry.relaySync?.stop();
  entry.relaySync = undefined;
  void relays().then(
    ({ startRelaySync }) => {
      // Still this wallet (not closed or replaced meanwhile).
      const now = entries.get(pubkey)?.store.get();
      if (now?.status === 'open' && now.wallet === wallet && !entry.relaySync) {
        entry.relaySync = startRelaySync(pubkey, wallet);
      }
    },
    () => undefined,
  );
  // Another tab re-encrypted the records (PIN set or removed): reopen with the new cipher.
  entry.unsubscribe = wallet.subscribe((event) => {
    if (event !== 'rekeyed') return;
    entry.relaySync?.stop();
    wallet.close();
    entry.store.set({ status: 'loading' });
    entry.opening = undefined;
    void openWallet(pubkey);
  });
  entry.store.set({ status: 'open', wallet });
  markEcashWallet(pubkey, true);
  payerSourcesChanged();
}

/**
 * Opens (once) the wallet of `pubkey` from its IndexedDB storage, sealed with the PIN's cipher
 * when the user has a PIN. The state store says whether there is a wallet to show.
 */
export function openWallet(pubkey: string): ExternalStore<WalletState> {
  const entry = entryFor(pubkey);
  entry.opening ??= (async () => {
    try {
      const sealing = await walletCipher(pubkey);
      if (sealing === 'locked') {
        entry.store.set({ status: 'locked' });
        entry.opening = undefined;
        return;
      }
      const storage = await openStorage(pubkey, sealing.cipher);
      const { EcashWallet } = await loadEcash();
      if (await EcashWallet.exists(storage)) {
        const wallet = await EcashWallet.open({ storage });
        if (sealing.reseal) {
          await wallet.setCipher(sealing.reseal.to);
          resealed(pubkey, sealing.reseal.to);
        }
        adopt(pubkey, wallet);
      } else {
        if (sealing.reseal) resealed(pubkey, sealing.reseal.to);
        // Made on another device: the user's relays hold it (NIP-60), phrase included.
        const fromRelays = await openFromRelays(pubkey, storage);
        if (fromRelays) {
          adopt(pubkey, fromRelays);
          return;
        }
        markEcashWallet(pubkey, false);
        entry.store.set({ status: 'none', storage });
      }
    } catch (error) {
      entry.store.set({ status: 'error', error });
      entry.opening = undefined;
    }
  })();
  return entry.store;
}

/** The wallet the user's relays hold (NIP-60), opened into `storage`; null if none or no relay. */
async function openFromRelays(pubkey: string, storage: WalletStorage): Promise<EcashWallet | null> {
  try {
    const io = await (await relays()).walletRelayIo(pubkey);
    if (!io) return null;
    const { EcashWallet } = await loadEcash();
    return (await EcashWallet.fromRelays({ storage, io })) ?? null;
  } catch {
    // No relay reachable, or the signer said no: the wallet screen offers to create or restore.
    return null;
  }
}

/** A new wallet with a fresh recovery phrase; its first mint is added when given. */
export async function createWallet(
  pubkey: string,
  storage: WalletStorage,
  mint: string | null,
): Promise<EcashWallet> {
  const { EcashWallet } = await loadEcash();
  const wallet = await EcashWallet.create({ storage });
  if (mint) await wallet.addMint(mint);
  adopt(pubkey, wallet);
  return wallet;
}

/** Rebuilds the wallet from its recovery phrase at these mints (NUT-09). */
export async function restoreWallet(
  pubkey: string,
  storage: WalletStorage,
  mnemonic: string,
  mints: string[],
): Promise<EcashWallet> {
  const { EcashWallet } = await loadEcash();
  const { wallet } = await EcashWallet.restore({ storage, mnemonic, mints });
  adopt(pubkey, wallet);
  return wallet;
}

/** The open wallet of `pubkey`, opening it if needed; null when the user has none (or locked). */
export async function walletOf(pubkey: string): Promise<EcashWallet | null> {
  const store = openWallet(pubkey);
  await entryFor(pubkey).opening;
  const state = store.get();
  return state.status === 'open' ? state.wallet : null;
}

/** Forgets the open wallets (sign-out, PIN change): the next use reopens them. */
export function closeWallets(): void {
  for (const entry of entries.values()) {
    entry.unsubscribe?.();
    entry.relaySync?.stop();
    const state = entry.store.get();
    if (state.status === 'open') state.wallet.close();
  }
  entries.clear();
}
