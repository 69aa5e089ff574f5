import {
  Mint,
  Wallet,
  type GetInfoResponse,
  type KeyChainCache,
  type RequestFn,
} from '@cashu/cashu-ts';
import type { StoredCounterSource } from './counter-source.ts';
import { EcashError, toEcashError } from './errors.ts';
import { invalidKeysReason } from './keyset-check.ts';
import type { MintRecord, WalletStorage } from './storage/wallet-storage.ts';

/** The only unit this wallet holds. */
export const WALLET_UNIT = 'sat';

/** What the UI shows of a mint. */
export interface MintInfoSummary {
  url: string;
  name: string;
  description?: string;
  descriptionLong?: string;
  iconUrl?: string;
  motd?: string;
  version?: string;
  /** NUT numbers the mint says it supports. */
  nuts: number[];
  keysets: KeysetSummary[];
}

export interface KeysetSummary {
  id: string;
  unit: string;
  active: boolean;
  /** Fee per input in parts per thousand of a sat (NUT-02). */
  inputFeePpk: number;
}

/** Shared by every mint of a wallet. */
export interface WalletContext {
  storage: WalletStorage;
  seed: Uint8Array;
  counters: StoredCounterSource;
  request?: RequestFn;
  now(): number;
}

/**
 * One mint as the wallet talks to it: a cashu-ts `Wallet` bound to the mint's cheapest active sat
 * keyset, with deterministic secrets (NUT-13) from the wallet's seed and counters from storage.
 * Loaded from the cached info and keys when there are some (no network), refreshed on demand;
 * a refresh picks up keyset rotation.
 */
export class MintConnection {
  readonly url: string;
  readonly context: WalletContext;
  private cashu: Wallet;
  private record: MintRecord;

  private constructor(context: WalletContext, record: MintRecord, cashu: Wallet) {
    this.context = context;
    this.url = record.url;
    this.record = record;
    this.cashu = cashu;
  }

  private static newWallet(context: WalletContext, url: string): Wallet {
    const mint = new Mint(url, context.request ? { customRequest: context.request } : undefined);
    return new Wallet(mint, {
      unit: WALLET_UNIT,
      bip39seed: context.seed,
      counterSource: context.counters,
      secretsPolicy: 'deterministic',
      // A mint that advertises NUT-12 must send DLEQ proofs; they are verified on every answer.
      requireSigDleq: true,
    });
  }

  /** From the cached record when it has info and keys, else from the network. */
  static async open(context: WalletContext, record: MintRecord): Promise<MintConnection> {
    if (record.info && record.keychain) {
      try {
        const cashu = MintConnection.newWallet(context, record.url);
        cashu.loadMintFromCache(record.info as GetInfoResponse, record.keychain as KeyChainCache);
        return new MintConnection(context, record, cashu);
      } catch {
        // A cache from an older version or a broken keychain: fetch again.
      }
    }
    const conn = new MintConnection(context, record, MintConnection.newWallet(context, record.url));
    await conn.refresh();
    return conn;
  }

  get wallet(): Wallet {
    return this.cashu;
  }

  get refreshedAt(): number {
    return this.record.refreshedAt ?? 0;
  }

  /** Fetches info, keysets and active keys again; rebinds to the cheapest active keyset. */
  async refresh(): Promise<void> {
    const cashu = MintConnection.newWallet(this.context, this.url);
    try {
      await cashu.loadMint(true);
    } catch (err) {
      throw toEcashError(err);
    }
    for (const keys of cashu.keyChain.getAllKeys()) {
      const reason = invalidKeysReason(keys.keys);
      if (reason) throw new EcashError('bad-response', `The mint sent invalid keys: ${reason}`);
    }
    this.cashu = cashu;
    await this.persist();
  }

  /** Makes sure the keys of a keyset (an inactive one, say) are loaded. */
  async ensureKeys(keysetId: string): Promise<void> {
    try {
      if (!this.cashu.keyChain.getAllKeysetIds().includes(keysetId)) await this.refresh();
      await this.cashu.keyChain.ensureKeysetKeys(keysetId);
    } catch (err) {
      throw toEcashError(err);
    }
  }

  /** Saves the current info and keychain into the mint's record. */
  async persist(): Promise<void> {
    this.record = {
      ...this.record,
      info: this.cashu.getMintInfo().cache,
      keychain: this.cashu.keyChain.cache,
      refreshedAt: this.context.now(),
    };
    await this.context.storage.commit({ putMints: [this.record] });
  }

  keysets(): KeysetSummary[] {
    return this.cashu.keyChain
      .getKeysets()
      .map((k) => ({ id: k.id, unit: k.unit, active: k.isActive, inputFeePpk: k.fee }));
  }

  /** Ids of every keyset of the wallet's unit (for decoding short ids of V4 tokens). */
  keysetIds(): string[] {
    return this.keysets().map((k) => k.id);
  }

  isActiveKeyset(id: string): boolean {
    return this.keysets().some((k) => k.id === id && k.active);
  }

  info(): MintInfoSummary {
    const info = this.cashu.getMintInfo().cache as GetInfoResponse;
    const summary: MintInfoSummary = {
      url: this.url,
      name: info.name || new URL(this.url).host,
      nuts: Object.keys(info.nuts ?? {})
        .map(Number)
        .filter((n) => Number.isInteger(n))
        .sort((a, b) => a - b),
      keysets: this.keysets(),
    };
    if (info.description) summary.description = info.description;
    if (info.description_long) summary.descriptionLong = info.description_long;
    if (info.icon_url) summary.iconUrl = info.icon_url;
    if (info.motd) summary.motd = info.motd;
    if (info.version) summary.version = info.version;
    return summary;
  }
}
