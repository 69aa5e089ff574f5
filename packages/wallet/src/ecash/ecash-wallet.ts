import type { Payer, PaymentResult } from '../payer.ts';
import { StoredCounterSource } from './counter-source.ts';
import { toPaymentError } from './ecash-payer.ts';
import { EcashError, ecashMessages, toEcashError } from './errors.ts';
import { payMeltQuote, quoteMelt, type MeltQuote, type MeltResult } from './melt-ops.ts';
import {
  MintConnection,
  WALLET_UNIT,
  type MintInfoSummary,
  type WalletContext,
} from './mint-connection.ts';
import { createMintQuote, settleInvoice } from './mint-ops.ts';
import {
  generateMnemonic,
  mnemonicToSeed,
  seedFingerprint,
  validateMnemonic,
  type MnemonicWordCount,
} from './mnemonic.ts';
import type { NutzapOutcome } from './nip60/nip61-receive.ts';
import type { Nip60Io, Nip60Report, Nip60State } from './nip60/nip60-sync.ts';

/** NIP-60/61, loaded on first use (most sessions never sync or nutzap). */
const nip60 = () => import('./nip60/index.ts');
import { OperationLock } from './operation-lock.ts';
import { receiveToken } from './receive-token.ts';
import { restoreMint, type RestoreOptions, type RestoreResult } from './restore-ops.ts';
import { checkProofStates, type ProofStateReport } from './state-ops.ts';
import { toProofLike } from './proof.ts';
import { CheckStateEnum } from '@cashu/cashu-ts';
import type { Cipher } from './storage/cipher.ts';
import type { HistoryEntry, WalletStorage } from './storage/wallet-storage.ts';
import { receiveProofs, sendEcash, type SendResult } from './swap-ops.ts';
import type { ProofData } from './proof.ts';
import { syncMint } from './sync-ops.ts';
import { mintUrl, sleep, withFreshKeysets } from './wallet-helpers.ts';
import type {
  EcashWalletOptions,
  MintBalance,
  MintSummary,
  PaymentQuote,
  ReceiveResult,
  SyncReport,
  WalletBalance,
  WalletEvent,
} from './wallet-types.ts';

/**
 * The built-in ecash wallet: one seed (a BIP-39 mnemonic, NUT-13), several mints, one history.
 * Every operation runs under a lock, persists before it resolves and tells subscribers. It is
 * also a `Payer` for zaps and invoice cards.
 */
export class EcashWallet implements Payer {
  readonly kind = 'ecash';
  private readonly storage: WalletStorage;
  private readonly context: WalletContext;
  private readonly words: string;
  /** The P2PK key derived from the seed (NIP-61), unless the relays name another; on first use. */
  private seedLockKey: string | undefined;
  private readonly connections = new Map<string, Promise<MintConnection>>();
  private readonly lock: OperationLock;
  private readonly listeners = new Set<(event: WalletEvent) => void>();
  private readonly channel: BroadcastChannel | undefined;
  /** Another tab changed the encryption key: this instance must not write with the old one. */
  private stale = false;

  private constructor(options: EcashWalletOptions, mnemonic: string, seed: Uint8Array) {
    this.storage = options.storage;
    this.words = mnemonic;
    const seedId = seedFingerprint(seed);
    this.context = {
      storage: options.storage,
      seed,
      counters: new StoredCounterSource(options.storage, seedId),
      now: options.now ?? Date.now,
      ...(options.request ? { request: options.request } : {}),
    };
    const name = options.lockName ?? `swell-ecash-${seedId}`;
    this.lock = new OperationLock(name);
    if (typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(name);
      this.channel.onmessage = (message: MessageEvent) => {
        if (message.data === 'rekeyed') this.stale = true;
        this.emit(message.data === 'rekeyed' ? 'rekeyed' : 'changed');
      };
      (this.channel as { unref?: () => void }).unref?.();
    }
  }

  /** Whether the storage holds a wallet (a mnemonic). */
  static async exists(storage: WalletStorage): Promise<boolean> {
    return (await storage.getMnemonic()) !== undefined;
  }

  /** A new wallet with a fresh mnemonic (or the one given) in an empty storage. */
  static async create(
    options: EcashWalletOptions & { mnemonic?: string; words?: MnemonicWordCount },
  ): Promise<EcashWallet> {
    if (await EcashWallet.exists(options.storage)) {
      throw new Error('this storage already holds an ecash wallet');
    }
    const mnemonic = options.mnemonic
      ? validateMnemonic(options.mnemonic)
      : generateMnemonic(options.words);
    await options.storage.setMnemonic(mnemonic);
    return EcashWallet.open(options);
  }

  /** Opens the wallet in the storage (no network: mints load from their cached keys). */
  static async open(options: EcashWalletOptions): Promise<EcashWallet> {
    const stored = await options.storage.getMnemonic();
    if (stored === undefined) throw new Error('this storage holds no ecash wallet');
    let mnemonic: string;
    try {
      mnemonic = validateMnemonic(stored);
    } catch (err) {
      throw new EcashError('invalid-mnemonic', ecashMessages.mnemonicRejected, { cause: err });
    }
    return new EcashWallet(options, mnemonic, await mnemonicToSeed(mnemonic));
  }

  /**
   * Rebuilds a wallet from its mnemonic into a storage without one: adds the mints and restores
   * their ecash (NUT-09/13). Spent proofs are left out.
   */
  static async restore(
    options: EcashWalletOptions & { mnemonic: string; mints: string[]; restore?: RestoreOptions },
  ): Promise<{ wallet: EcashWallet; results: RestoreResult[] }> {
    const mnemonic = validateMnemonic(options.mnemonic);
    const stored = await options.storage.getMnemonic();
    if (stored !== undefined && stored !== mnemonic) {
      throw new Error('this storage already holds another ecash wallet');
    }
    if (stored === undefined) await options.storage.setMnemonic(mnemonic);
    const wallet = await EcashWallet.open(options);
    for (const url of options.mints) await wallet.addMint(url);
    const results = await wallet.restore(options.restore);
    return { wallet, results };
  }

  /**
   * Opens on this device the wallet another device of the same Nostr key keeps in the relays
   * (NIP-60): its phrase comes from the wallet event (NIP-44 encrypted to the user), its mints are
   * added, its proofs taken in (each checked at its mint) and the NUT-13 counters moved past
   * what the seed already used (a NUT-09 scan). Undefined when the relays hold no wallet of ours
   * (none, or one another app made without a phrase).
   */
  static async fromRelays(
    options: EcashWalletOptions & { io: Nip60Io },
  ): Promise<EcashWallet | undefined> {
    const found = await (await nip60()).fetchWalletEvent(options.io);
    if (!found?.wallet.mnemonic) return undefined;
    const mnemonic = validateMnemonic(found.wallet.mnemonic);
    const stored = await options.storage.getMnemonic();
    if (stored !== undefined && stored !== mnemonic) {
      throw new Error('this storage already holds another ecash wallet');
    }
    if (stored === undefined) await options.storage.setMnemonic(mnemonic);
    const wallet = await EcashWallet.open(options);
    await wallet.syncRelays(options.io);
    // Counters only: every proof of the seed the mint still honours is in the relays already.
    await wallet.restore().catch(() => undefined);
    return wallet;
  }

  /**
   * One round of NIP-60 sync with the user's relays (see `syncNip60`): proofs of other devices
   * come in once their mint says they are unspent, proofs spent elsewhere go, this device's new
   * proofs go out in encrypted token events, spent ones' events are rolled over and deleted, the
   * wallet event and the nutzap info (10019) are kept current. Listeners hear 'changed' only when
   * the local state changed.
   */
  async syncRelays(io: Nip60Io): Promise<Nip60Report> {
    const { syncNip60 } = await nip60();
    const lockKey = await this.seedKey();
    const report = await this.lock.run(async () => {
      if (this.stale) throw new EcashError('locked', ecashMessages.locked);
      return syncNip60(
        {
          storage: this.storage,
          now: this.context.now,
          mnemonic: this.words,
          lockKey,
          addMint: async (url) => {
            await this.addMintUnlocked(url);
          },
          checkStates: async (url, proofs) => {
            const conn = await this.connection(url);
            const states = await conn.wallet.checkProofsStates(proofs.map(toProofLike));
            return proofs.map((_, i) => {
              const s = states[i]?.state;
              return s === CheckStateEnum.SPENT
                ? 'spent'
                : s === CheckStateEnum.PENDING
                  ? 'pending'
                  : 'unspent';
            });
          },
        },
        io,
      );
    });
    if (report.changed) {
      this.emit();
      this.channel?.postMessage('changed');
    }
    return report;
  }

  /**
   * The P2PK private keys nutzaps to this wallet are locked to: the one the relays' wallet event
   * names (another app may have made it), then the one derived from the seed.
   */
  async lockKeys(): Promise<string[]> {
    const { NIP60_STATE_KEY } = await nip60();
    const state = await this.storage.getMeta<Nip60State>(NIP60_STATE_KEY);
    const seedKey = await this.seedKey();
    return [...new Set([state?.lockKey, seedKey].filter((k): k is string => !!k))];
  }

  private async seedKey(): Promise<string> {
    this.seedLockKey ??= (await nip60()).derivedLockKey(this.context.seed);
    return this.seedLockKey;
  }

  /**
   * Sends `amount` sats from `mint` locked to `pubkey` (the recipient's 10019 key; NIP-61): the
   * proofs to put in a kind 9321. The history line is done at once (locked ecash cannot be taken
   * back).
   */
  sendNutzap(
    amount: number,
    options: { mint: string; pubkey: string; memo?: string },
  ): Promise<{ proofs: ProofData[]; entry: HistoryEntry }> {
    return this.run(async () => {
      const { sendLockedEcash } = await nip60();
      const conn = await this.connection(mintUrl(options.mint));
      return withFreshKeysets(conn, () =>
        sendLockedEcash(conn, amount, options.pubkey, {
          ...(options.memo ? { memo: options.memo } : {}),
        }),
      );
    });
  }

  /**
   * Finds the nutzaps sent to the user in their relays and redeems the new ones into the wallet
   * (a swap signed with the wallet's P2PK key, NUT-11); each history line names its nutzap, so the
   * next `syncRelays` records it as redeemed (7376). See `receiveNutzaps`.
   */
  async receiveNutzaps(io: Nip60Io): Promise<NutzapOutcome[]> {
    const { receiveNutzaps } = await nip60();
    return receiveNutzaps(
      {
        storage: this.storage,
        lockKeys: () => this.lockKeys(),
        mints: async () => (await this.storage.mints()).map((m) => m.url),
        redeem: (nutzap, privkey) =>
          this.run(async () => {
            const conn = await this.connection(nutzap.mint);
            const entry = await withFreshKeysets(conn, () =>
              receiveProofs(conn, nutzap.proofs, {
                privkey,
                nutzap: nutzap.id,
                memo: nutzap.comment || 'Nutzap',
              }),
            );
            return { amount: entry.amount };
          }),
      },
      io,
    );
  }

  /** The recovery phrase; show it only behind the PIN. */
  get mnemonic(): string {
    return this.words;
  }

  /**
   * Called with 'changed' after every operation (balance, history or mints may have changed), in
   * this tab or another tab of the same wallet; with 'rekeyed' when another tab changed the
   * encryption key (a PIN was set, changed or removed): reopen the wallet with the new cipher.
   */
  subscribe(listener: (event: WalletEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: WalletEvent = 'changed'): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure is its own.
      }
    }
  }

  private async run<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await this.lock.run(async () => {
        // Records written now would be sealed with the old key: reopen with the new cipher.
        if (this.stale) throw new EcashError('locked', ecashMessages.locked);
        return fn();
      });
    } finally {
      this.emit();
      this.channel?.postMessage('changed');
    }
  }

  private connection(url: string): Promise<MintConnection> {
    let conn = this.connections.get(url);
    if (!conn) {
      conn = (async () => {
        const record = (await this.storage.mints()).find((m) => m.url === url);
        if (!record) throw new EcashError('unknown-mint', ecashMessages.unknownMint);
        return MintConnection.open(this.context, record);
      })();
      conn.catch(() => this.connections.delete(url));
      this.connections.set(url, conn);
    }
    return conn;
  }

  private async knownMint(url: string): Promise<boolean> {
    return (await this.storage.mints()).some((m) => m.url === url);
  }

  private async addMintUnlocked(url: string): Promise<MintConnection> {
    const normalized = mintUrl(url);
    if (!(await this.knownMint(normalized))) {
      const conn = await MintConnection.open(this.context, {
        url: normalized,
        addedAt: this.context.now(),
      });
      if (!conn.keysets().some((k) => k.active && k.unit === WALLET_UNIT)) {
        throw new EcashError('mint-error', 'This mint issues no sats');
      }
      this.connections.set(normalized, Promise.resolve(conn));
      return conn;
    }
    return this.connection(normalized);
  }

  /** Adds a mint by URL (fetches its info and keys). Adding a known mint is a no-op. */
  addMint(url: string): Promise<MintInfoSummary> {
    return this.run(async () => (await this.addMintUnlocked(url)).info());
  }

  /** Forgets a mint; refused while the wallet holds ecash of it. */
  removeMint(url: string): Promise<void> {
    return this.run(async () => {
      const normalized = mintUrl(url);
      const held = (await this.storage.proofs()).some((p) => p.mint === normalized);
      if (held) throw new EcashError('mint-error', 'This mint still holds part of your balance');
      await this.storage.commit({ deleteMints: [normalized] });
      this.connections.delete(normalized);
    });
  }

  /** Mints with cached info and balances (no network). */
  async mints(): Promise<MintSummary[]> {
    const [records, balance] = await Promise.all([this.storage.mints(), this.balance()]);
    const out: MintSummary[] = [];
    for (const record of records.sort((a, b) => a.addedAt - b.addedAt)) {
      const summary: MintSummary = {
        url: record.url,
        balance: balance.byMint[record.url] ?? { ready: 0, sent: 0, pending: 0 },
      };
      try {
        summary.info = (await this.connection(record.url)).info();
      } catch {
        // Not reachable and nothing cached: listed without info.
      }
      out.push(summary);
    }
    return out;
  }

  async balance(): Promise<WalletBalance> {
    const byMint: Record<string, MintBalance> = {};
    for (const m of await this.storage.mints()) byMint[m.url] = { ready: 0, sent: 0, pending: 0 };
    const total: MintBalance = { ready: 0, sent: 0, pending: 0 };
    for (const p of await this.storage.proofs()) {
      const m = (byMint[p.mint] ??= { ready: 0, sent: 0, pending: 0 });
      m[p.state === 'ready' ? 'ready' : p.state] += p.amount;
      total[p.state === 'ready' ? 'ready' : p.state] += p.amount;
    }
    return { ...total, byMint };
  }

  /** Newest first. */
  history(): Promise<HistoryEntry[]> {
    return this.storage.history();
  }

  /** A lightning invoice that mints `amount` sats at `mint` once paid (NUT-04). */
  createInvoice(mint: string, amount: number, description?: string): Promise<HistoryEntry> {
    return this.run(async () =>
      createMintQuote(await this.connection(mintUrl(mint)), amount, description),
    );
  }

  private async historyEntry(id: string): Promise<HistoryEntry> {
    const entry = (await this.storage.history()).find((h) => h.id === id);
    if (!entry) throw new Error(`no history entry ${id}`);
    return entry;
  }

  /** Checks a pending invoice once: paid -> the ecash is minted and the line is done. */
  checkInvoice(entryId: string): Promise<HistoryEntry> {
    return this.run(async () => {
      const entry = await this.historyEntry(entryId);
      return settleInvoice(await this.connection(entry.mint), entry);
    });
  }

  /** Polls a pending invoice until it is paid (and minted) or expires. */
  async waitForInvoice(
    entryId: string,
    options: { signal?: AbortSignal; intervalMs?: number } = {},
  ): Promise<HistoryEntry> {
    for (;;) {
      const entry = await this.checkInvoice(entryId);
      if (entry.status !== 'pending') return entry;
      await sleep(options.intervalMs ?? 1000, options.signal);
    }
  }

  private async spendingOrder(): Promise<string[]> {
    const balance = await this.balance();
    return Object.entries(balance.byMint)
      .sort(([, a], [, b]) => b.ready - a.ready)
      .map(([url]) => url);
  }

  /**
   * What paying `invoice` costs, from `mint` or else the mint with the largest balance that
   * covers it (NUT-05). Show `total` before paying with `pay`.
   */
  quotePayment(invoice: string, options: { mint?: string } = {}): Promise<PaymentQuote> {
    return this.run(async () => {
      const candidates = options.mint ? [mintUrl(options.mint)] : await this.spendingOrder();
      if (candidates.length === 0)
        throw new EcashError('insufficient-funds', ecashMessages.notEnoughFunds);
      const balance = await this.balance();
      let first: PaymentQuote | undefined;
      for (const url of candidates) {
        const quote = await quoteMelt(await this.connection(url), invoice);
        const affordable = (balance.byMint[url]?.ready ?? 0) >= quote.total;
        const result = { ...quote, affordable };
        if (affordable) return result;
        first ??= result;
      }
      return first!;
    });
  }

  /** Pays a quote from `quotePayment`; change from the fee reserve comes back (NUT-08). */
  payQuote(quote: MeltQuote): Promise<MeltResult> {
    return this.run(async () => {
      const conn = await this.connection(quote.mint);
      return withFreshKeysets(conn, () => payMeltQuote(conn, quote));
    });
  }

  /**
   * `Payer`: quotes at the best mint and pays. `preimage` is '' when the mint did not reveal it
   * (NUT-05 allows that); failures are `PaymentError`s with the wallet's message.
   */
  async pay(invoice: string, options: { signal?: AbortSignal } = {}): Promise<PaymentResult> {
    try {
      options.signal?.throwIfAborted();
      const quote = await this.quotePayment(invoice);
      if (!quote.affordable) {
        throw new EcashError('insufficient-funds', ecashMessages.notEnoughFunds);
      }
      options.signal?.throwIfAborted();
      const result = await this.payQuote(quote);
      return { preimage: result.preimage ?? '', feesPaidMsat: result.fee * 1000 };
    } catch (err) {
      throw toPaymentError(err);
    }
  }

  /** `Payer`: the spendable balance over all mints. */
  async getBalance(): Promise<{ balanceMsat: number }> {
    return { balanceMsat: (await this.balance()).ready * 1000 };
  }

  /** A `cashuB` token of `amount` sats from `mint` or the mint with the largest balance. */
  send(amount: number, options: { mint?: string; memo?: string } = {}): Promise<SendResult> {
    return this.run(async () => {
      const balance = await this.balance();
      const url =
        options.mint !== undefined
          ? mintUrl(options.mint)
          : (await this.spendingOrder()).find((u) => (balance.byMint[u]?.ready ?? 0) >= amount);
      if (!url) throw new EcashError('insufficient-funds', ecashMessages.notEnoughFunds);
      const conn = await this.connection(url);
      const memo = options.memo ? { memo: options.memo } : {};
      return withFreshKeysets(conn, () => sendEcash(conn, amount, memo));
    });
  }

  /**
   * Redeems a token (cashuB, cashuA with one or several mints, legacy V2). Entries of mints not
   * added yet fail with 'unknown-mint' unless `addUnknownMints`. Entries that fail come back in
   * `tokensWithErrors`, each as a token to retry; a token that cannot be read at all throws.
   */
  receive(token: string, options: { addUnknownMints?: boolean } = {}): Promise<ReceiveResult> {
    return this.run(async () => {
      return receiveToken(
        {
          storage: this.storage,
          mint: async (url, add) =>
            add || (await this.knownMint(url)) ? this.addMintUnlocked(url) : undefined,
        },
        token,
        options,
      );
    });
  }

  /** Takes back a sent token the receiver has not redeemed (a swap into fresh proofs). */
  reclaim(entryId: string): Promise<HistoryEntry> {
    return this.run(async () => {
      const entry = await this.historyEntry(entryId);
      if (entry.kind !== 'send' || entry.status !== 'pending') {
        throw new Error('only a pending send can be taken back');
      }
      const conn = await this.connection(entry.mint);
      const proofs = (await this.storage.proofs()).filter(
        (p) => p.state === 'sent' && p.ref === entry.id,
      );
      if (proofs.length === 0) throw new EcashError('token-spent', ecashMessages.tokenSpent);
      return withFreshKeysets(conn, () => receiveProofs(conn, proofs, { reclaim: entry }));
    });
  }

  /** NUT-07 at every mint: drops spent proofs, marks redeemed sends done. */
  checkProofStates(): Promise<ProofStateReport[]> {
    return this.run(async () => {
      const out: ProofStateReport[] = [];
      for (const m of await this.storage.mints())
        out.push(await checkProofStates(await this.connection(m.url)));
      return out;
    });
  }

  /** Restores every added mint from the seed (NUT-09/13). */
  restore(options: RestoreOptions = {}): Promise<RestoreResult[]> {
    return this.run(async () => {
      const out: RestoreResult[] = [];
      for (const m of await this.storage.mints())
        out.push(await restoreMint(await this.connection(m.url), options));
      return out;
    });
  }

  /**
   * Brings the wallet up to date with its mints; call when the wallet screen opens and now and
   * then while it is open: refreshes keysets (rotation), settles interrupted operations,
   * moves ecash out of inactive keysets, notices redeemed sends and redeems paid invoices.
   * A mint that fails is reported, not thrown.
   */
  sync(options: { force?: boolean } = {}): Promise<SyncReport[]> {
    return this.run(async () => {
      const reports: SyncReport[] = [];
      for (const m of await this.storage.mints()) {
        try {
          reports.push(await syncMint(await this.connection(m.url), options));
        } catch (err) {
          reports.push({
            mint: m.url,
            recovered: 0,
            rotated: 0,
            redeemedInvoices: 0,
            error: toEcashError(err),
          });
        }
      }
      return reports;
    });
  }

  /** Re-encrypts the wallet's records (a PIN was set or removed; see README). */
  async setCipher(cipher: Cipher | null): Promise<void> {
    await this.run(() => this.storage.rekey(cipher));
    this.channel?.postMessage('rekeyed');
  }

  close(): void {
    this.channel?.close();
    this.listeners.clear();
    this.storage.close();
  }
}
