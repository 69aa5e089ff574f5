import { toEcashError } from './errors.ts';
import type { MintConnection } from './mint-connection.ts';
import { settleInvoice } from './mint-ops.ts';
import { recoverOperation } from './recover-ops.ts';
import { checkProofStates } from './state-ops.ts';
import { rotateInactiveProofs } from './swap-ops.ts';
import type { SyncReport } from './wallet-types.ts';

/** Keysets older than this are fetched again by `sync`. */
export const REFRESH_AFTER_MS = 5 * 60_000;

/**
 * Brings one mint up to date: keysets (rotation), interrupted operations settled, ecash moved out
 * of inactive keysets, redeemed sends noticed (NUT-07), paid invoices minted. Failures are
 * reported, not thrown.
 */
export async function syncMint(
  conn: MintConnection,
  options: { force?: boolean } = {},
): Promise<SyncReport> {
  const { storage } = conn.context;
  const report: SyncReport = { mint: conn.url, recovered: 0, rotated: 0, redeemedInvoices: 0 };
  try {
    if (options.force || conn.context.now() - conn.refreshedAt > REFRESH_AFTER_MS) {
      await conn.refresh();
    }
    for (const op of (await storage.operations()).filter((o) => o.mint === conn.url)) {
      const { outcome } = await recoverOperation(conn, op);
      if (outcome !== 'pending') report.recovered++;
    }
    report.rotated = await rotateInactiveProofs(conn);
    report.states = await checkProofStates(conn);
    const open = (await storage.history()).filter(
      (h) => h.mint === conn.url && h.kind === 'mint' && h.status === 'pending',
    );
    for (const entry of open) {
      if ((await settleInvoice(conn, entry)).status === 'done') report.redeemedInvoices++;
    }
  } catch (err) {
    report.error = toEcashError(err);
  }
  return report;
}
