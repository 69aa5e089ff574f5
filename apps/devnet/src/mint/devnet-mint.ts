import { recoverInvoicePayee } from '@swell/wallet';
import { decode } from 'light-bolt11-decoder';
import type { InvoiceLedger } from '../invoice-ledger.ts';
import { deriveSecretKey } from '../keys.ts';
import { isPoint, signBlindedMessage, type BlindSignatureJson } from './mint-crypto.ts';
import { MintError, MintErrorCode as E } from './mint-error.ts';
import { deriveKeyset, MINT_UNIT, type DevnetKeyset } from './mint-keysets.ts';
import {
  checkInputs,
  checkOutputs,
  type BlindedMessageJson,
  type ProofJson,
} from './mint-checks.ts';
import { MintStore, type MintQuote, type MeltQuote } from './mint-store.ts';
import {
  checkSpendingConditions,
  type ConditionInput,
  type ConditionOutput,
} from './spending-conditions.ts';
import { uuidV7 } from './uuid-v7.ts';
import { feeReserveFor, powersOfTwo, routingFeeFor } from './lightning-fees.ts';
import { MAX_QUOTE_SATS } from './limits.ts';
import { mintInfo } from './mint-info.ts';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';

export const MAX_KEYSETS = 100;
const MAX_QUOTES = 50_000;
const MAX_REMEMBERED_SIGNATURES = 1_000_000;
const MELT_QUOTE_SECONDS = 3600;

export interface DevnetMintOptions {
  /**
   * The SQLite file the mint keeps its state in (the devnet uses `SWELL_DATA/devnet-mint.db`);
   * `:memory:` (the default) keeps it for this instance only.
   */
  file?: string;
  /**
   * Input fee of the first keyset in parts per thousand of a sat per input (default 100); a file
   * that already has keysets keeps its own.
   */
  inputFeePpk?: number;
  /** Unix seconds. */
  clock?: () => number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * A Cashu mint (NUT v1: 00-12; NUT-10/11 P2PK spending conditions) backed by the devnet lightning ledger: a mint quote is a
 * ledger invoice (paid with `POST /devnet/pay`), a melt pays a ledger invoice (zap receipts
 * follow through the ledger). Keys derive from public labels; spent proofs, quotes and keysets
 * are kept in the mint's SQLite file (mint-store.ts), so a restart neither lets spent ecash be
 * spent again nor forgets a paid quote or a rotation. Still a sandbox, not a bank.
 */
export class DevnetMint {
  readonly pubkey: string;
  /** Melts a previous process left half done, settled as paid when this one opened the file. */
  readonly settledMelts: number;
  private readonly ledger: InvoiceLedger;
  private readonly clock: () => number;
  private readonly store: MintStore;
  private readonly keysetList: DevnetKeyset[];
  /** Proof states (SPENT, PENDING) and given signatures, as the input and output checks ask. */
  private readonly proofStates = { get: (Y: string) => this.store.proofState(Y) };
  private readonly signed = { has: (B_: string) => this.store.signature(B_) !== undefined };
  private closed = false;

  constructor(ledger: InvoiceLedger, options: DevnetMintOptions = {}) {
    this.ledger = ledger;
    this.clock = options.clock ?? nowSeconds;
    this.pubkey = bytesToHex(secp256k1.getPublicKey(deriveSecretKey('mint'), true));
    this.store = new MintStore(options.file ?? ':memory:', {
      mintQuotes: MAX_QUOTES,
      meltQuotes: MAX_QUOTES,
      signatures: MAX_REMEMBERED_SIGNATURES,
    });
    if (this.store.keysets().length === 0)
      this.store.addActiveKeyset(0, options.inputFeePpk ?? 100);
    this.keysetList = this.store
      .keysets()
      .map((k) => ({ ...deriveKeyset(k.index, k.inputFeePpk), active: k.active }));
    this.settledMelts = this.store.settleLeftoverMelts();
    ledger.onPaid((invoice) => {
      if (!this.closed) this.store.payMintQuotes(invoice.paymentHash);
    });
  }

  /** Closes the mint's file. */
  close(): void {
    this.closed = true;
    this.store.close();
  }

  keysets(): readonly DevnetKeyset[] {
    return this.keysetList;
  }

  keyset(id: string): DevnetKeyset | undefined {
    return this.keysetList.find((k) => k.id === id);
  }

  /** Retires the active keyset and starts a new one (keyset rotation, NUT-02). */
  rotate(inputFeePpk?: number): DevnetKeyset {
    if (this.keysetList.length >= MAX_KEYSETS) {
      throw new MintError(E.badRequest, `the devnet mint keeps at most ${MAX_KEYSETS} keysets`);
    }
    const current = this.keysetList.find((k) => k.active)!;
    const fee = inputFeePpk ?? current.inputFeePpk;
    if (!Number.isSafeInteger(fee) || fee < 0 || fee > 100_000) {
      throw new MintError(E.badRequest, 'input_fee_ppk must be a whole number from 0 to 100000');
    }
    const next = deriveKeyset(this.keysetList.length, fee);
    this.store.addActiveKeyset(this.keysetList.length, fee);
    for (const k of this.keysetList) k.active = false;
    this.keysetList.push(next);
    return next;
  }

  info(baseUrl: string) {
    return mintInfo({ baseUrl, pubkey: this.pubkey, time: this.clock() });
  }

  private keysetJson(k: DevnetKeyset, withKeys: boolean) {
    return {
      id: k.id,
      unit: k.unit,
      active: k.active,
      input_fee_ppk: k.inputFeePpk,
      final_expiry: null,
      ...(withKeys ? { keys: k.keys } : {}),
    };
  }

  /** `GET /v1/keys` (active keysets) or `/v1/keys/{id}` (any keyset). */
  keys(id?: string) {
    if (id === undefined) {
      return {
        keysets: this.keysetList.filter((k) => k.active).map((k) => this.keysetJson(k, true)),
      };
    }
    const k = this.keyset(id);
    if (!k) throw new MintError(E.keysetUnknown, 'keyset is not known');
    return { keysets: [this.keysetJson(k, true)] };
  }

  keysetsJson() {
    return { keysets: this.keysetList.map((k) => this.keysetJson(k, false)) };
  }

  private checkUnit(unit: unknown): void {
    if (unit !== MINT_UNIT) throw new MintError(E.unitNotSupported, 'unit is not supported');
  }

  private checkAmount(amount: unknown): number {
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
      throw new MintError(E.badRequest, 'amount must be a whole number of sats');
    }
    if (amount < 1 || amount > MAX_QUOTE_SATS) {
      throw new MintError(
        E.amountOutOfRange,
        `amount must be between 1 and ${MAX_QUOTE_SATS} sats`,
      );
    }
    return amount;
  }

  // --- NUT-04 -----------------------------------------------------------------------------------

  private mintQuoteJson(q: MintQuote) {
    const state = q.state;
    return {
      quote: q.quote,
      request: q.request,
      amount: q.amount,
      unit: MINT_UNIT,
      state,
      expiry: q.expiry,
      amount_paid: state === 'UNPAID' ? 0 : q.amount,
      amount_issued: state === 'ISSUED' ? q.amount : 0,
    };
  }

  createMintQuote(body: { amount?: unknown; unit?: unknown; description?: unknown }) {
    this.checkUnit(body.unit);
    const amount = this.checkAmount(body.amount);
    const description =
      typeof body.description === 'string' && body.description.trim() !== ''
        ? body.description.slice(0, 500)
        : `Swell devnet mint: ${amount} sats`;
    const invoice = this.ledger.issue({ amountMsat: amount * 1000, description });
    const q: MintQuote = {
      quote: uuidV7(),
      amount,
      paymentHash: invoice.paymentHash,
      request: invoice.bolt11,
      expiry: invoice.expiresAt,
      state: 'UNPAID',
    };
    this.store.addMintQuote(q);
    return this.mintQuoteJson(q);
  }

  private mintQuote(id: unknown): MintQuote {
    const q = typeof id === 'string' ? this.store.mintQuote(id) : undefined;
    if (!q) throw new MintError(E.badRequest, 'quote not found');
    return q;
  }

  checkMintQuote(id: string) {
    return this.mintQuoteJson(this.mintQuote(id));
  }

  /** Signs the outputs of a paid quote; their amounts must add up to the quote's. */
  mint(body: { quote?: unknown; outputs?: unknown }) {
    const q = this.mintQuote(body.quote);
    const state = q.state;
    if (state === 'ISSUED') throw new MintError(E.quoteIssued, 'quote has already been issued');
    if (state === 'UNPAID') throw new MintError(E.quoteNotPaid, 'quote request is not paid');
    const outputs = checkOutputs(this, body.outputs, this.signed);
    const total = outputs.reduce((s, o) => s + o.amount, 0);
    if (total !== q.amount) {
      throw new MintError(
        E.notBalanced,
        `outputs add up to ${total}, the quote is for ${q.amount}`,
      );
    }
    const signatures = this.sign(outputs);
    this.store.transaction(() => {
      if (!this.store.issueMintQuote(q.quote)) {
        throw new MintError(E.quoteIssued, 'quote has already been issued');
      }
      this.store.addSignatures(outputs, signatures);
    });
    return { signatures };
  }

  private sign(outputs: ReadonlyArray<BlindedMessageJson>): BlindSignatureJson[] {
    return outputs.map((o) => signBlindedMessage(this.keyset(o.id)!, o.amount, o.B_));
  }

  // --- NUT-03 -----------------------------------------------------------------------------------

  /** NUT-02 fee: the sum of the inputs' keyset fees, rounded up to a whole sat. */
  inputFee(inputs: ReadonlyArray<ProofJson>): number {
    const ppk = inputs.reduce((s, p) => s + (this.keyset(p.id)?.inputFeePpk ?? 0), 0);
    return Math.floor((ppk + 999) / 1000);
  }

  swap(body: { inputs?: unknown; outputs?: unknown }) {
    const inputs = checkInputs(this, body.inputs, this.proofStates);
    const outputs = checkOutputs(this, body.outputs, this.signed);
    checkSpendingConditions(
      body.inputs as ConditionInput[],
      body.outputs as ConditionOutput[],
      this.clock(),
    );
    const fee = this.inputFee(inputs);
    const paid = inputs.reduce((s, p) => s + p.amount, 0);
    const asked = outputs.reduce((s, o) => s + o.amount, 0);
    if (paid - fee !== asked) {
      throw new MintError(
        E.notBalanced,
        `inputs (${paid}) minus fees (${fee}) must equal outputs (${asked})`,
      );
    }
    const signatures = this.sign(outputs);
    this.store.transaction(() => {
      this.store.spend(inputs);
      this.store.addSignatures(outputs, signatures);
    });
    return { signatures };
  }

  // --- NUT-05 / NUT-08 --------------------------------------------------------------------------

  private meltQuoteJson(q: MeltQuote) {
    return {
      quote: q.quote,
      request: q.request,
      amount: q.amount,
      unit: MINT_UNIT,
      fee_reserve: q.feeReserve,
      state: q.state,
      expiry: q.expiry,
      payment_preimage: q.preimage,
      ...(q.change ? { change: q.change } : {}),
    };
  }

  createMeltQuote(body: { request?: unknown; unit?: unknown }) {
    this.checkUnit(body.unit);
    if (typeof body.request !== 'string' || body.request.length > 8000) {
      throw new MintError(E.badRequest, 'request must be a bolt11 invoice');
    }
    const request = body.request
      .trim()
      .toLowerCase()
      .replace(/^lightning:/, '');
    let decoded: ReturnType<typeof decode>;
    let payee: string;
    try {
      decoded = decode(request);
      payee = recoverInvoicePayee(request);
    } catch {
      throw new MintError(E.badRequest, 'request is not a valid bolt11 invoice');
    }
    if (payee !== this.ledger.nodeId) {
      throw new MintError(
        E.paymentFailed,
        'the devnet mint pays only invoices of the devnet lightning node',
      );
    }
    const section = (name: string) =>
      decoded.sections.find((s) => s.name === name) as { value?: unknown } | undefined;
    const msat = Number(section('amount')?.value ?? 0);
    if (!msat) throw new MintError(E.amountlessInvoice, 'amountless invoices are not supported');
    const amount = this.checkAmount(Math.ceil(msat / 1000));
    const paymentHash = String(section('payment_hash')?.value ?? '');
    const issued = this.ledger.get(paymentHash);
    if (issued?.status === 'paid') throw new MintError(E.invoicePaid, 'invoice already paid');
    const timestamp = Number(section('timestamp')?.value ?? 0);
    const invoiceExpiry = timestamp + Number(decoded.expiry ?? 3600);
    if (invoiceExpiry <= this.clock()) throw new MintError(E.quoteExpired, 'invoice has expired');
    const feeReserve = feeReserveFor(amount);
    const q: MeltQuote = {
      quote: uuidV7(),
      request,
      paymentHash,
      amount,
      feeReserve,
      expiry: Math.min(invoiceExpiry, this.clock() + MELT_QUOTE_SECONDS),
      state: 'UNPAID',
      preimage: null,
    };
    this.store.addMeltQuote(q);
    return this.meltQuoteJson(q);
  }

  private meltQuote(id: unknown): MeltQuote {
    const q = typeof id === 'string' ? this.store.meltQuote(id) : undefined;
    if (!q) throw new MintError(E.badRequest, 'quote not found');
    return q;
  }

  checkMeltQuote(id: string) {
    return this.meltQuoteJson(this.meltQuote(id));
  }

  /**
   * Pays the quote's invoice through the ledger with the inputs held as pending meanwhile; the
   * unused fee reserve and any excess come back signed into the blank outputs, in their order.
   */
  async melt(body: { quote?: unknown; inputs?: unknown; outputs?: unknown }) {
    const q = this.meltQuote(body.quote);
    if (q.state === 'PAID') throw new MintError(E.invoicePaid, 'invoice already paid');
    if (q.state === 'PENDING') throw new MintError(E.quotePending, 'quote is pending');
    if (q.expiry <= this.clock()) throw new MintError(E.quoteExpired, 'quote has expired');
    const inputs = checkInputs(this, body.inputs, this.proofStates);
    const blanks =
      body.outputs === undefined || (Array.isArray(body.outputs) && body.outputs.length === 0)
        ? []
        : checkOutputs(this, body.outputs, this.signed, { blank: true });
    checkSpendingConditions(
      body.inputs as ConditionInput[],
      (body.outputs ?? []) as ConditionOutput[],
      this.clock(),
      q.quote,
    );
    const fee = this.inputFee(inputs);
    const paid = inputs.reduce((s, p) => s + p.amount, 0);
    if (paid - fee < q.amount + q.feeReserve) {
      throw new MintError(
        E.notBalanced,
        `inputs (${paid}) minus fees (${fee}) must cover amount plus fee reserve (${q.amount + q.feeReserve})`,
      );
    }
    // Held as PENDING in the file before the payment goes out: a process that stops meanwhile
    // leaves them for the next one to settle (settleLeftoverMelts), never free to spend again.
    this.store.holdForMelt(q.quote, inputs);
    let preimage: string | null;
    try {
      const { invoice } = await this.ledger.pay(q.request);
      preimage = invoice.preimage ?? null;
    } catch (err) {
      if (!this.closed) this.store.releaseMelt(q.quote);
      throw new MintError(E.paymentFailed, `lightning payment failed: ${(err as Error).message}`);
    }
    const overpaid = paid - fee - q.amount - routingFeeFor(q.feeReserve);
    const parts = powersOfTwo(overpaid).slice(0, blanks.length);
    const changeOutputs = parts.map((amount, i) => ({ ...blanks[i]!, amount }));
    const change = this.sign(changeOutputs);
    if (this.closed) throw new MintError(E.paymentFailed, 'the mint is closing');
    this.store.finishMelt(q.quote, preimage, { outputs: changeOutputs, signatures: change });
    return this.meltQuoteJson({ ...q, state: 'PAID', preimage, change });
  }

  // --- NUT-07 / NUT-09 --------------------------------------------------------------------------

  checkState(body: { Ys?: unknown }) {
    const Ys = body.Ys;
    if (!Array.isArray(Ys) || Ys.length > 1000 || !Ys.every((y) => isPoint(y))) {
      throw new MintError(E.badRequest, 'Ys must be at most 1000 compressed points');
    }
    return {
      states: (Ys as string[]).map((raw) => {
        const Y = raw.toLowerCase();
        const record = this.store.proofRecord(Y);
        return { Y, state: record?.state ?? 'UNSPENT', witness: record?.witness ?? null };
      }),
    };
  }

  restore(body: { outputs?: unknown }) {
    const outputs = body.outputs;
    if (!Array.isArray(outputs) || outputs.length > 1000) {
      throw new MintError(
        E.badRequest,
        'outputs must be an array of at most 1000 blinded messages',
      );
    }
    const found: Array<{ output: BlindedMessageJson; signature: BlindSignatureJson }> = [];
    for (const raw of outputs as Array<Record<string, unknown>>) {
      const B_ = typeof raw?.B_ === 'string' ? raw.B_.toLowerCase() : '';
      const signature = B_ ? this.store.signature(B_) : undefined;
      if (signature)
        found.push({ output: { id: signature.id, amount: signature.amount, B_ }, signature });
    }
    return { outputs: found.map((f) => f.output), signatures: found.map((f) => f.signature) };
  }
}
