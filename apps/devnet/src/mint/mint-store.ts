import BetterSqlite3, { type Database } from 'better-sqlite3';
import type { BlindSignatureJson } from './mint-crypto.ts';

export type MintQuoteState = 'UNPAID' | 'PAID' | 'ISSUED';
export type MeltQuoteState = 'UNPAID' | 'PENDING' | 'PAID';
export type ProofState = 'SPENT' | 'PENDING';

/** One keyset as kept: its keys derive again from the index and the fee (mint-keysets.ts). */
export interface StoredKeyset {
  index: number;
  inputFeePpk: number;
  active: boolean;
}

export interface MintQuote {
  quote: string;
  amount: number;
  paymentHash: string;
  request: string;
  /** Unix seconds. */
  expiry: number;
  state: MintQuoteState;
}

export interface MeltQuote {
  quote: string;
  request: string;
  paymentHash: string;
  amount: number;
  feeReserve: number;
  /** Unix seconds. */
  expiry: number;
  state: MeltQuoteState;
  preimage: string | null;
  change?: BlindSignatureJson[];
}

/** Rows kept at most (the oldest go first; quotes that hold money never do). */
export interface MintStoreLimits {
  mintQuotes: number;
  meltQuotes: number;
  signatures: number;
}

const SCHEMA_VERSION = 2;

const SCHEMA = `
CREATE TABLE keysets (
  idx INTEGER PRIMARY KEY,
  input_fee_ppk INTEGER NOT NULL,
  active INTEGER NOT NULL
);
CREATE TABLE proofs (
  y TEXT PRIMARY KEY,
  state TEXT NOT NULL CHECK (state IN ('SPENT', 'PENDING')),
  melt_quote TEXT,
  witness TEXT
) WITHOUT ROWID;
CREATE INDEX proofs_melt_quote ON proofs (melt_quote) WHERE melt_quote IS NOT NULL;
CREATE TABLE mint_quotes (
  quote TEXT NOT NULL UNIQUE,
  amount INTEGER NOT NULL,
  payment_hash TEXT NOT NULL,
  request TEXT NOT NULL,
  expiry INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('UNPAID', 'PAID', 'ISSUED'))
);
CREATE INDEX mint_quotes_payment_hash ON mint_quotes (payment_hash);
CREATE TABLE melt_quotes (
  quote TEXT NOT NULL UNIQUE,
  request TEXT NOT NULL,
  payment_hash TEXT NOT NULL,
  amount INTEGER NOT NULL,
  fee_reserve INTEGER NOT NULL,
  expiry INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('UNPAID', 'PENDING', 'PAID')),
  preimage TEXT,
  change TEXT
);
CREATE TABLE signatures (
  b_ TEXT NOT NULL UNIQUE,
  keyset_id TEXT NOT NULL,
  amount INTEGER NOT NULL,
  c_ TEXT NOT NULL,
  dleq_e TEXT NOT NULL,
  dleq_s TEXT NOT NULL
);
`;

interface MeltRow {
  quote: string;
  request: string;
  payment_hash: string;
  amount: number;
  fee_reserve: number;
  expiry: number;
  state: MeltQuoteState;
  preimage: string | null;
  change: string | null;
}

interface SignatureRow {
  keyset_id: string;
  amount: number;
  c_: string;
  dleq_e: string;
  dleq_s: string;
}

/** The store's statements, prepared once. */
function prepareStatements(db: Database) {
  const p = (sql: string) => db.prepare(sql);
  return {
    keysets: p('SELECT idx, input_fee_ppk, active FROM keysets ORDER BY idx'),
    retireKeysets: p('UPDATE keysets SET active = 0'),
    addKeyset: p('INSERT INTO keysets (idx, input_fee_ppk, active) VALUES (?, ?, 1)'),
    proofState: p('SELECT state, witness FROM proofs WHERE y = ?'),
    spend: p("INSERT INTO proofs (y, state, witness) VALUES (?, 'SPENT', ?)"),
    hold: p("INSERT INTO proofs (y, state, melt_quote, witness) VALUES (?, 'PENDING', ?, ?)"),
    spendHeld: p("UPDATE proofs SET state = 'SPENT' WHERE melt_quote = ? AND state = 'PENDING'"),
    releaseHeld: p("DELETE FROM proofs WHERE melt_quote = ? AND state = 'PENDING'"),
    spendAllHeld: p("UPDATE proofs SET state = 'SPENT' WHERE state = 'PENDING'"),
    signature: p('SELECT keyset_id, amount, c_, dleq_e, dleq_s FROM signatures WHERE b_ = ?'),
    addSignature: p(
      'INSERT INTO signatures (b_, keyset_id, amount, c_, dleq_e, dleq_s) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    dropSignature: p(
      'DELETE FROM signatures WHERE rowid = (SELECT rowid FROM signatures ORDER BY rowid LIMIT 1)',
    ),
    mintQuote: p(
      'SELECT quote, amount, payment_hash, request, expiry, state FROM mint_quotes WHERE quote = ?',
    ),
    addMintQuote: p(
      'INSERT INTO mint_quotes (quote, amount, payment_hash, request, expiry, state) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    payMintQuotes: p(
      "UPDATE mint_quotes SET state = 'PAID' WHERE payment_hash = ? AND state = 'UNPAID'",
    ),
    issueMintQuote: p("UPDATE mint_quotes SET state = 'ISSUED' WHERE quote = ? AND state = 'PAID'"),
    // A paid quote not yet issued is money owed: never the one forgotten.
    dropMintQuote: p(
      "DELETE FROM mint_quotes WHERE rowid = (SELECT rowid FROM mint_quotes WHERE state <> 'PAID' ORDER BY rowid LIMIT 1)",
    ),
    meltQuote: p(
      'SELECT quote, request, payment_hash, amount, fee_reserve, expiry, state, preimage, change FROM melt_quotes WHERE quote = ?',
    ),
    addMeltQuote: p(
      'INSERT INTO melt_quotes (quote, request, payment_hash, amount, fee_reserve, expiry, state, preimage, change) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    setMeltQuote: p('UPDATE melt_quotes SET state = ?, preimage = ?, change = ? WHERE quote = ?'),
    settleMeltQuotes: p("UPDATE melt_quotes SET state = 'PAID' WHERE state = 'PENDING'"),
    dropMeltQuote: p(
      "DELETE FROM melt_quotes WHERE rowid = (SELECT rowid FROM melt_quotes WHERE state <> 'PENDING' ORDER BY rowid LIMIT 1)",
    ),
  };
}

/**
 * The devnet mint's state in its own SQLite file (`SWELL_DATA/devnet-mint.db`): keysets (active
 * and retired, with their fees), spent and pending proofs by Y (with the NUT-10 witness they
 * were spent with), mint and melt quotes with their
 * state, and the blind signatures given (NUT-09 restore, "outputs already signed"). Every change
 * of a mint operation is one transaction, so a crash or a restart keeps all of it or none. The
 * rows are small and looked up by key, so the queries run on the main thread (microseconds);
 * WAL with synchronous=NORMAL survives a killed process.
 */
export class MintStore {
  private readonly db: Database;
  private readonly limits: MintStoreLimits;
  private readonly counts: Record<keyof MintStoreLimits, number>;
  private readonly st: ReturnType<typeof prepareStatements>;

  constructor(file: string, limits: MintStoreLimits) {
    this.limits = limits;
    this.db = new BetterSqlite3(file);
    try {
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      this.db.pragma('busy_timeout = 5000');
      this.migrate(file);
    } catch (err) {
      this.db.close();
      throw err;
    }
    const count = (table: string) =>
      (this.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    this.counts = {
      mintQuotes: count('mint_quotes'),
      meltQuotes: count('melt_quotes'),
      signatures: count('signatures'),
    };
    this.st = prepareStatements(this.db);
  }

  private migrate(file: string): void {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    if (version === SCHEMA_VERSION) return;
    if (version > SCHEMA_VERSION) {
      throw new Error(
        `${file} has the devnet mint's schema version ${version}; this version knows ${SCHEMA_VERSION}`,
      );
    }
    this.db.transaction(() => {
      if (version === 0) this.db.exec(SCHEMA);
      // 1 -> 2: the witness a spent proof carried (NUT-07 answers it).
      else this.db.exec('ALTER TABLE proofs ADD COLUMN witness TEXT');
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
  }

  /** Runs `fn` as one transaction (all of its changes, or none). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  keysets(): StoredKeyset[] {
    const rows = this.st.keysets.all() as Array<{
      idx: number;
      input_fee_ppk: number;
      active: number;
    }>;
    return rows.map((r) => ({
      index: r.idx,
      inputFeePpk: r.input_fee_ppk,
      active: r.active === 1,
    }));
  }

  /** Retires every keyset and adds keyset `index` as the active one. */
  addActiveKeyset(index: number, inputFeePpk: number): void {
    this.transaction(() => {
      this.st.retireKeysets.run();
      this.st.addKeyset.run(index, inputFeePpk);
    });
  }

  proofState(Y: string): ProofState | undefined {
    return (this.st.proofState.get(Y) as { state: ProofState } | undefined)?.state;
  }

  /** A spent or pending proof's state and the witness it was spent with (NUT-07). */
  proofRecord(Y: string): { state: ProofState; witness: string | null } | undefined {
    return this.st.proofState.get(Y) as { state: ProofState; witness: string | null } | undefined;
  }

  /** Marks proofs spent (call inside the transaction that gives what they paid for). */
  spend(proofs: ReadonlyArray<{ Y: string; witness?: string }>): void {
    for (const p of proofs) this.st.spend.run(p.Y, p.witness ?? null);
  }

  signature(B_: string): BlindSignatureJson | undefined {
    const r = this.st.signature.get(B_) as SignatureRow | undefined;
    return r && { id: r.keyset_id, amount: r.amount, C_: r.c_, dleq: { e: r.dleq_e, s: r.dleq_s } };
  }

  /** Keeps signatures by their blinded message (call inside the operation's transaction). */
  addSignatures(outputs: ReadonlyArray<{ B_: string }>, signatures: BlindSignatureJson[]): void {
    signatures.forEach((s, i) => {
      this.st.addSignature.run(outputs[i]!.B_, s.id, s.amount, s.C_, s.dleq.e, s.dleq.s);
      this.counts.signatures++;
    });
    while (this.counts.signatures > this.limits.signatures) {
      this.counts.signatures -= this.st.dropSignature.run().changes;
    }
  }

  mintQuote(id: string): MintQuote | undefined {
    const r = this.st.mintQuote.get(id) as
      | {
          quote: string;
          amount: number;
          payment_hash: string;
          request: string;
          expiry: number;
          state: MintQuoteState;
        }
      | undefined;
    return (
      r && {
        quote: r.quote,
        amount: r.amount,
        paymentHash: r.payment_hash,
        request: r.request,
        expiry: r.expiry,
        state: r.state,
      }
    );
  }

  addMintQuote(q: MintQuote): void {
    this.transaction(() => {
      this.st.addMintQuote.run(q.quote, q.amount, q.paymentHash, q.request, q.expiry, q.state);
      this.counts.mintQuotes++;
      while (this.counts.mintQuotes > this.limits.mintQuotes) {
        const dropped = this.st.dropMintQuote.run().changes;
        if (dropped === 0) break;
        this.counts.mintQuotes -= dropped;
      }
    });
  }

  /** The invoice with this payment hash was paid: its mint quote (if any) becomes PAID. */
  payMintQuotes(paymentHash: string): void {
    this.st.payMintQuotes.run(paymentHash);
  }

  /** PAID -> ISSUED; false if the quote was not PAID. */
  issueMintQuote(id: string): boolean {
    return this.st.issueMintQuote.run(id).changes === 1;
  }

  meltQuote(id: string): MeltQuote | undefined {
    const r = this.st.meltQuote.get(id) as MeltRow | undefined;
    if (!r) return undefined;
    return {
      quote: r.quote,
      request: r.request,
      paymentHash: r.payment_hash,
      amount: r.amount,
      feeReserve: r.fee_reserve,
      expiry: r.expiry,
      state: r.state,
      preimage: r.preimage,
      ...(r.change ? { change: JSON.parse(r.change) as BlindSignatureJson[] } : {}),
    };
  }

  addMeltQuote(q: MeltQuote): void {
    this.transaction(() => {
      this.st.addMeltQuote.run(
        q.quote,
        q.request,
        q.paymentHash,
        q.amount,
        q.feeReserve,
        q.expiry,
        q.state,
        q.preimage,
        q.change ? JSON.stringify(q.change) : null,
      );
      this.counts.meltQuotes++;
      while (this.counts.meltQuotes > this.limits.meltQuotes) {
        const dropped = this.st.dropMeltQuote.run().changes;
        if (dropped === 0) break;
        this.counts.meltQuotes -= dropped;
      }
    });
  }

  /** Holds the inputs of a melt as PENDING while its invoice is paid; the quote is PENDING. */
  holdForMelt(quote: string, proofs: ReadonlyArray<{ Y: string; witness?: string }>): void {
    this.transaction(() => {
      for (const p of proofs) this.st.hold.run(p.Y, quote, p.witness ?? null);
      this.st.setMeltQuote.run('PENDING', null, null, quote);
    });
  }

  /** The melt's invoice was paid: its held inputs are spent, the quote PAID with its change. */
  finishMelt(
    quote: string,
    preimage: string | null,
    change: { outputs: ReadonlyArray<{ B_: string }>; signatures: BlindSignatureJson[] },
  ): void {
    this.transaction(() => {
      this.st.spendHeld.run(quote);
      this.st.setMeltQuote.run('PAID', preimage, JSON.stringify(change.signatures), quote);
      this.addSignatures(change.outputs, change.signatures);
    });
  }

  /** The melt's payment failed: its inputs are free again, the quote UNPAID. */
  releaseMelt(quote: string): void {
    this.transaction(() => {
      this.st.releaseHeld.run(quote);
      this.st.setMeltQuote.run('UNPAID', null, null, quote);
    });
  }

  /**
   * Melts a previous process left PENDING (it stopped while paying): whether the payment went
   * out cannot be known any more (the ledger lived in that process), so they count as paid and
   * their inputs as spent. The mint never lets the same proofs pay twice; the wallet may lose
   * that melt's change. Returns how many quotes were settled.
   */
  settleLeftoverMelts(): number {
    return this.transaction(() => {
      this.st.spendAllHeld.run();
      return this.st.settleMeltQuotes.run().changes;
    });
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
