// NIP-60 (the wallet in the user's relays) and NIP-61 (nutzaps). The wallet loads this on first
// use (`EcashWallet.syncRelays`, `fromRelays`, `receiveNutzaps`), so the ecash module stays small.
export {
  DELETION_KIND,
  derivedLockKey,
  historyParts,
  HISTORY_KIND,
  lockPublicKey,
  parseHistory,
  parseTokenContent,
  parseWalletContent,
  tokenContentJson,
  tokenDeletionTemplate,
  TOKEN_KIND,
  walletContentJson,
  WALLET_KIND,
} from './nip60-events.ts';
export type {
  HistoryContent,
  HistoryMarker,
  Nip60Template,
  TokenContent,
  WalletContent,
} from './nip60-events.ts';
export { fetchWalletEvent, NIP60_STATE_KEY, syncNip60 } from './nip60-sync.ts';
export type { Nip60Host, Nip60Io, Nip60Report, Nip60State } from './nip60-sync.ts';
export { receiveNutzaps, NIP61_STATE_KEY } from './nip61-receive.ts';
export type { NutzapHost, NutzapOutcome } from './nip61-receive.ts';
export { sendLockedEcash } from './nutzap-send.ts';
