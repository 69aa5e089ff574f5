import type { FastifyInstance } from 'fastify';
import type { NostrEvent } from '@swell/nostr';
import type { LightningFallback } from '@swell/server';
import type { DevnetHost } from './host.ts';
import { InvoiceLedger } from './invoice-ledger.ts';
import { DevnetPayments } from './devnet-payments.ts';
import { registerExchangeRateRoutes } from './exchange-rate-routes.ts';
import { lnurlServiceSecretKey } from './keys.ts';
import { registerLnurlRoutes, registerPaymentRoutes } from './lnurl-routes.ts';
import { registerNwcRoutes } from './nwc-routes.ts';
import { NwcWalletService } from './nwc-wallet-service.ts';
import { DeterministicSigner } from './signer.ts';
import { registerWeblnRoutes } from './webln-routes.ts';
import { zapReceiptTemplate } from './zap.ts';

/** The lightning sandbox of a running server. */
export interface Devnet {
  ledger: InvoiceLedger;
  /** The NIP-47 wallet service (started; stop it when the server closes). */
  nwc: NwcWalletService;
  /** Membership purchases paid from the ledger, at a settable fixed exchange rate. */
  payments: DevnetPayments;
  /** LNURL-pay of every name the server does not forward to a member's own address. */
  lnurl: LightningFallback;
}

/**
 * Hooks the lightning sandbox into a server: LNURL-pay with NIP-57 zaps for every name,
 * the invoice ledger and its development pay endpoint (which publishes zap receipts through the
 * server's ingestion, so relay subscribers and the cache see them), membership payments from the
 * ledger at an exchange rate the operator may set (`/devnet/exchange-rate`), the NIP-47 wallet service
 * paying from the ledger (`/devnet/nwc`) and the WebLN stand-in script (`/devnet/webln.js`).
 * The demo media are registered apart (`registerDemoMedia`), since a demo database needs them
 * with the devnet off.
 */
export async function registerDevnet(
  app: FastifyInstance,
  host: DevnetHost,
  opts: { operatorToken: string; usdPerBtc?: number },
): Promise<Devnet> {
  const signer = await DeterministicSigner.create();
  const ledger = new InvoiceLedger();
  const payments = new DevnetPayments(ledger, opts.usdPerBtc);
  registerExchangeRateRoutes(app, payments, opts.operatorToken);
  const publishReceipt = async (invoice: {
    zapRequest?: NostrEvent;
    bolt11: string;
    preimage?: string;
    paidAt?: number;
  }) => {
    if (!invoice.zapRequest) return undefined;
    const receipt = signer.sign(
      zapReceiptTemplate({
        zapRequest: invoice.zapRequest,
        bolt11: invoice.bolt11,
        ...(invoice.preimage ? { preimage: invoice.preimage } : {}),
        paidAt: invoice.paidAt ?? Math.floor(Date.now() / 1000),
      }),
      lnurlServiceSecretKey,
    );
    const [result] = await host.ingest([receipt], { source: 'relay' });
    if (result?.status === 'rejected') {
      host.log.warn({ reason: result.message }, 'devnet zap receipt was rejected');
      return undefined;
    }
    return receipt;
  };
  const nwc = new NwcWalletService(ledger, host);
  const lnurl = registerLnurlRoutes(app, ledger, nwc, (e) => signer.verify(e));
  registerPaymentRoutes(app, ledger, host, publishReceipt);
  nwc.start();
  registerNwcRoutes(app, nwc, opts.operatorToken);
  registerWeblnRoutes(app, ledger);
  return { ledger, nwc, payments, lnurl };
}
