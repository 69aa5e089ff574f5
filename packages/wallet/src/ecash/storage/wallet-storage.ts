import type { ProofData } from '../proof.ts';
import type { Cipher } from './cipher.ts';

/**
 * Where a proof is in its life: `ready` to spend; `pending` while an operation that spends it is
 * in flight (`ref` is the operation); `sent` inside a token not yet redeemed by its receiver
 * (`ref` is the history entry of the send).
 */
export type StoredProofState = 'ready' | 'pending' | 'sent';

export interface StoredProof extends ProofData {
  /** Normalized mint URL. */
  mint: string;
  state: StoredProofState;
  ref?: string;
  /** Milliseconds since the epoch. */
  addedAt: number;
}

export type HistoryKind = 'mint' | 'melt' | 'send' | 'receive';
/**
 * `pending`: a mint quote not paid yet, a sent token not redeemed yet, a payment in flight.
 * `reclaimed`: a sent token taken back by the sender.
 */
export type HistoryStatus = 'pending' | 'done' | 'failed' | 'expired' | 'reclaimed';

/** One line of the wallet's history, as the UI lists it. */
export interface HistoryEntry {
  id: string;
  kind: HistoryKind;
  mint: string;
  /** Sats minted, paid (the invoice amount), sent, or received (net of fees). */
  amount: number;
  /** Fees in sats: mint input fees and lightning fees. */
  fee: number;
  status: HistoryStatus;
  /** Milliseconds since the epoch. */
  createdAt: number;
  updatedAt: number;
  memo?: string;
  /** mint: the invoice to pay; melt: the invoice paid. */
  invoice?: string;
  quoteId?: string;
  /** Mint quotes: when the invoice expires (ms). */
  expiresAt?: number;
  preimage?: string;
  /** Sends: the token, to show again or take back. */
  token?: string;
  /** Failed operations: why, safe to show. */
  error?: string;
  /** Receives: proofs found by a restore from the recovery phrase. */
  restored?: boolean;
  /** Receives: the NIP-61 nutzap (kind 9321 id) redeemed. */
  nutzap?: string;
}

/**
 * A journal entry written before a request that spends inputs or asks for signatures: which
 * counters were reserved for the outputs and which inputs go in. If the wallet stops before the
 * answer is stored, recovery checks the inputs and restores the outputs from these counters.
 */
export interface PendingOperation {
  id: string;
  kind: 'mint' | 'swap' | 'melt';
  /** What the outputs are for; decides where recovered proofs go. */
  purpose: 'mint' | 'receive' | 'send' | 'melt' | 'rotate';
  mint: string;
  keysetId: string;
  counterStart: number;
  counterCount: number;
  /** Secrets of the wallet's own proofs being spent (stored with state `pending`). */
  inputs: string[];
  /** Proofs of a token being received (not in the store until redeemed). */
  foreignInputs?: ProofData[];
  quoteId?: string;
  historyId?: string;
  createdAt: number;
}

/** A mint the user added, with what the wallet cached of it. */
export interface MintRecord {
  url: string;
  addedAt: number;
  /** The mint's `/v1/info` answer. */
  info?: unknown;
  /** cashu-ts KeyChainCache: keysets and keys. */
  keychain?: unknown;
  refreshedAt?: number;
}

/** One atomic change of the wallet's state. */
export interface WalletChange {
  putProofs?: StoredProof[];
  /** Secrets of proofs to forget. */
  deleteProofs?: string[];
  putHistory?: HistoryEntry[];
  deleteHistory?: string[];
  putOperations?: PendingOperation[];
  deleteOperations?: string[];
  putMints?: MintRecord[];
  deleteMints?: string[];
}

export interface CounterRange {
  start: number;
  count: number;
}

/**
 * The wallet's persistent state: mnemonic, NUT-13 counters (per seed fingerprint and keyset),
 * proofs, history, pending operations and mints. Every method persists before it resolves;
 * `commit` is all or nothing. Implementations: `MemoryWalletStorage`, `IndexedDbWalletStorage`.
 */
export interface WalletStorage {
  getMnemonic(): Promise<string | undefined>;
  setMnemonic(mnemonic: string): Promise<void>;
  /** A small JSON record of the wallet's own (NIP-60 sync state), sealed like the rest. */
  getMeta<T>(key: string): Promise<T | undefined>;
  setMeta(key: string, value: unknown): Promise<void>;
  /** Reserves `count` counters (`count` 0 peeks) and persists the new cursor before resolving. */
  reserveCounters(seedId: string, keysetId: string, count: number): Promise<CounterRange>;
  /** Reserves `[start, start + count)`; throws if `start` is below the cursor (already issued). */
  reserveCountersAt(
    seedId: string,
    keysetId: string,
    start: number,
    count: number,
  ): Promise<CounterRange>;
  /** Moves the cursor to at least `minNext` (after a restore). */
  advanceCounter(seedId: string, keysetId: string, minNext: number): Promise<void>;
  /** Next free counter per keyset for a seed. */
  counters(seedId: string): Promise<Record<string, number>>;
  proofs(): Promise<StoredProof[]>;
  history(): Promise<HistoryEntry[]>;
  operations(): Promise<PendingOperation[]>;
  mints(): Promise<MintRecord[]>;
  commit(change: WalletChange): Promise<void>;
  /** Re-encrypts every record with `cipher` (null: store them in clear), atomically. */
  rekey(cipher: Cipher | null): Promise<void>;
  close(): void;
}
