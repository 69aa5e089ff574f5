import { EcashError, ecashMessages, toEcashError } from './errors.ts';
import { WALLET_UNIT, type MintConnection } from './mint-connection.ts';
import { sumAmounts } from './proof.ts';
import type { WalletStorage } from './storage/wallet-storage.ts';
import { receiveProofs } from './swap-ops.ts';
import {
  decodeToken,
  encodeTokenV3,
  inspectToken,
  stripTokenPrefix,
  type DecodedToken,
} from './token-codec.ts';
import { mintUrl, withFreshKeysets } from './wallet-helpers.ts';
import type { ReceiveResult } from './wallet-types.ts';

export interface TokenReceiver {
  storage: WalletStorage;
  /** A mint's connection, adding the mint when `add`; undefined for an unknown mint not added. */
  mint(url: string, add: boolean): Promise<MintConnection | undefined>;
}

/**
 * Redeems every entry of a token at its mint. A `cashuB` token's short keyset ids are resolved
 * against its mint's keysets (refreshed once if one is missing). An entry whose proofs are all the
 * wallet's own unredeemed send is taken back (the send's line becomes `reclaimed`). Entries that
 * fail are returned as tokens of their own, with the reason; a token that cannot be read throws.
 */
export async function receiveToken(
  receiver: TokenReceiver,
  token: string,
  options: { addUnknownMints?: boolean },
): Promise<ReceiveResult> {
  const add = options.addUnknownMints === true;
  const text = stripTokenPrefix(token);
  let decoded: DecodedToken;
  if (text.startsWith('cashuB')) {
    const summary = inspectToken(text);
    const mint = mintUrl(summary.entries[0]!.mint);
    const conn = await receiver.mint(mint, add);
    if (!conn) {
      const error = new EcashError('unknown-mint', ecashMessages.unknownMint);
      const unit = summary.entries[0]!.unit;
      return {
        amount: 0,
        received: [],
        tokensWithErrors: [{ mint, unit, amount: summary.amount, token: text, error }],
      };
    }
    try {
      decoded = decodeToken(text, () => conn.keysetIds());
    } catch {
      await conn.refresh();
      decoded = decodeToken(text, () => conn.keysetIds());
    }
  } else {
    decoded = decodeToken(text);
  }

  const { memo } = decoded;
  const result: ReceiveResult = { amount: 0, received: [], tokensWithErrors: [] };
  for (const entry of decoded.entries) {
    try {
      if (entry.unit !== WALLET_UNIT) {
        throw new EcashError('invalid-token', `${ecashMessages.invalidToken}: unit ${entry.unit}`);
      }
      const url = mintUrl(entry.mint);
      const conn = await receiver.mint(url, add);
      if (!conn) throw new EcashError('unknown-mint', ecashMessages.unknownMint);
      const secrets = new Set(entry.proofs.map((p) => p.secret));
      const own = (await receiver.storage.proofs()).filter((p) => secrets.has(p.secret));
      const sentRef =
        own.length === entry.proofs.length && own.every((p) => p.state === 'sent')
          ? own[0]!.ref
          : undefined;
      const reclaim =
        sentRef && own.every((p) => p.ref === sentRef)
          ? (await receiver.storage.history()).find((h) => h.id === sentRef)
          : undefined;
      const line = await withFreshKeysets(conn, () =>
        receiveProofs(conn, entry.proofs, {
          ...(memo ? { memo } : {}),
          ...(reclaim ? { reclaim } : {}),
        }),
      );
      // A reclaim updates the send's line; what arrived is the token less this swap's fee.
      const fee = reclaim ? line.fee - reclaim.fee : line.fee;
      const amount = reclaim ? sumAmounts(entry.proofs) - fee : line.amount;
      result.received.push({ mint: url, amount, fee, entry: line });
      result.amount += amount;
    } catch (err) {
      result.tokensWithErrors.push({
        mint: entry.mint,
        unit: entry.unit,
        amount: sumAmounts(entry.proofs),
        token: encodeTokenV3({ entries: [entry], unit: entry.unit, ...(memo ? { memo } : {}) }),
        error: toEcashError(err),
      });
    }
  }
  return result;
}
