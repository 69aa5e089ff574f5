// The built-in ecash wallet (Cashu, on cashu-ts). Load it lazily: `await import('@swell/wallet/ecash')`.
export { EcashWallet } from './ecash-wallet.ts';
export type {
  EcashWalletOptions,
  MintBalance,
  MintSummary,
  PaymentQuote,
  ReceivedEntry,
  ReceiveResult,
  SyncReport,
  TokenWithError,
  WalletBalance,
  WalletEvent,
} from './wallet-types.ts';
export { toPaymentError } from './ecash-payer.ts';
export { EcashError, ecashMessages, NutCode, toEcashError } from './errors.ts';
export type { EcashErrorCode } from './errors.ts';
export {
  generateMnemonic,
  mnemonicToSeed,
  mnemonicWords,
  MNEMONIC_WORD_COUNTS,
  normalizeMnemonic,
  seedFingerprint,
  validateMnemonic,
} from './mnemonic.ts';
export type { MnemonicWordCount } from './mnemonic.ts';
export type { MintInfoSummary, KeysetSummary } from './mint-connection.ts';
export { invalidKeysReason } from './keyset-check.ts';
export type { MeltQuote, MeltResult } from './melt-ops.ts';
export type { SendResult } from './swap-ops.ts';
export type { RestoreOptions, RestoreResult } from './restore-ops.ts';
export type { ProofStateReport } from './state-ops.ts';
export type { MintQuoteStatus } from './mint-ops.ts';
export type { ProofData } from './proof.ts';
export {
  decodeToken,
  encodeToken,
  encodeTokenV3,
  findTokens,
  inspectToken,
  stripTokenPrefix,
} from './token-codec.ts';
export type { DecodedToken, TokenEntry, TokenSummary } from './token-codec.ts';
export { checkTokenState } from './token-state.ts';
export type { TokenState } from './token-state.ts';
export { StoredCounterSource } from './counter-source.ts';
export { aesGcmCipher, generateStorageKey, SEALED_PREFIX } from './storage/cipher.ts';
export type { Cipher } from './storage/cipher.ts';
export {
  IndexedDbWalletStorage,
  MemoryWalletStorage,
  SealedWalletStorage,
} from './storage/sealed-storage.ts';
export type { WalletStorageOptions } from './storage/sealed-storage.ts';
export { MemoryBackend } from './storage/memory-backend.ts';
export { IndexedDbBackend } from './storage/indexeddb-backend.ts';
export type {
  RecordBackend,
  RecordExpectation,
  RecordStore,
  RecordWrite,
} from './storage/record-backend.ts';
export type {
  CounterRange,
  HistoryEntry,
  HistoryKind,
  HistoryStatus,
  MintRecord,
  PendingOperation,
  StoredProof,
  StoredProofState,
  WalletChange,
  WalletStorage,
} from './storage/wallet-storage.ts';
// NIP-60/61 live in '@swell/wallet/nip60' (loaded by the wallet on first use); their types here.
export type { Nip60Io, Nip60Report, Nip60State } from './nip60/nip60-sync.ts';
export type { NutzapOutcome } from './nip60/nip61-receive.ts';
export type { Nip60Template } from './nip60/nip60-events.ts';
