import type { RequestFn } from '@cashu/cashu-ts';
import type { EcashError } from './errors.ts';
import type { MeltQuote } from './melt-ops.ts';
import type { MintInfoSummary } from './mint-connection.ts';
import type { ProofStateReport } from './state-ops.ts';
import type { HistoryEntry, WalletStorage } from './storage/wallet-storage.ts';

export interface EcashWalletOptions {
  storage: WalletStorage;
  /** Transport for mint requests (a proxy; tests). Default: cashu-ts' fetch. */
  request?: RequestFn;
  /** Clock in milliseconds (tests). */
  now?: () => number;
  /** Web Locks name shared by the tabs of this wallet. */
  lockName?: string;
}

export interface MintBalance {
  /** Spendable sats. */
  ready: number;
  /** Sats in tokens sent but not redeemed yet. */
  sent: number;
  /** Sats held by operations in flight (a pending payment). */
  pending: number;
}

export interface WalletBalance extends MintBalance {
  byMint: Record<string, MintBalance>;
}

export interface MintSummary {
  url: string;
  info?: MintInfoSummary;
  balance: MintBalance;
}

export interface ReceivedEntry {
  mint: string;
  amount: number;
  fee: number;
  entry: HistoryEntry;
}

/** An entry of a token that could not be redeemed, as a token of its own to retry later. */
export interface TokenWithError {
  mint: string;
  unit: string;
  amount: number;
  token: string;
  error: EcashError;
}

export interface ReceiveResult {
  /** Sats that arrived (net of fees). */
  amount: number;
  received: ReceivedEntry[];
  tokensWithErrors: TokenWithError[];
}

export interface PaymentQuote extends MeltQuote {
  /** Whether the mint's spendable balance covers `total`. */
  affordable: boolean;
}

/** What `subscribe` listeners hear. */
export type WalletEvent = 'changed' | 'rekeyed';

export interface SyncReport {
  mint: string;
  error?: EcashError;
  recovered: number;
  rotated: number;
  redeemedInvoices: number;
  states?: ProofStateReport;
}
