import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { NostrEvent } from '@swell/nostr';
import type { LightningFallback } from '@swell/server';
import type { DevnetHost } from './host.ts';
import type { InvoiceLedger, LedgerInvoice } from './invoice-ledger.ts';
import { lnurlServicePubkey } from './keys.ts';
import type { NwcWalletService } from './nwc-wallet-service.ts';
import { zapRequestProblem } from './zap.ts';

export const MIN_SENDABLE_MSAT = 1000;
export const MAX_SENDABLE_MSAT = 100_000_000_000;
const COMMENT_ALLOWED = 255;
const NAME = /^[a-z0-9._-]{1,64}$/;

const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;
const lnurlError = (reason: string) => ({ status: 'ERROR', reason });

/** LUD-21 view of an invoice. */
function verifyView(invoice: LedgerInvoice) {
  return {
    status: 'OK',
    settled: invoice.status === 'paid',
    preimage: invoice.status === 'paid' ? (invoice.preimage ?? null) : null,
    pr: invoice.bolt11,
  };
}

/**
 * LNURL-pay for every name on this host (`name@host`, any host: the sandbox pays everyone). The
 * server serves `/.well-known/lnurlp/:name` (members' own addresses first) and asks the returned
 * fallback for the other names; the callback `/devnet/lnurlp/:name/callback` checks NIP-57 zap
 * requests and issues invoices from the ledger. A wallet connection's own address
 * (`lightningNameOf(walletPubkey)`) is paid into that connection, and its zap receipts carry its
 * wallet key (`nostrPubkey`).
 */
export function registerLnurlRoutes(
  app: FastifyInstance,
  ledger: InvoiceLedger,
  wallets: NwcWalletService,
  verify: (e: NostrEvent) => boolean,
): LightningFallback {
  const payRequest: LightningFallback = (raw, req) => {
    const name = raw.toLowerCase();
    if (!NAME.test(name)) return undefined;
    const wallet = wallets.byLightningAddress(name);
    if (wallet?.revoked) return lnurlError('this wallet connection was revoked');
    const identifier = `${name}@${req.host}`;
    return {
      tag: 'payRequest',
      callback: `${origin(req)}/devnet/lnurlp/${name}/callback`,
      minSendable: MIN_SENDABLE_MSAT,
      maxSendable: MAX_SENDABLE_MSAT,
      metadata: JSON.stringify([
        ['text/plain', `Pay ${identifier} on the Swell devnet`],
        ['text/identifier', identifier],
      ]),
      commentAllowed: COMMENT_ALLOWED,
      allowsNostr: true,
      nostrPubkey: wallet?.walletPubkey ?? lnurlServicePubkey,
    };
  };

  app.get<{
    Params: { name: string };
    Querystring: { amount?: string; nostr?: string; comment?: string };
  }>('/devnet/lnurlp/:name/callback', async (req, reply) => {
    reply.header('access-control-allow-origin', '*');
    const name = req.params.name.toLowerCase();
    if (!NAME.test(name)) return reply.code(404).send(lnurlError('unknown name'));
    const amount = Number(req.query.amount);
    if (!Number.isSafeInteger(amount) || amount < MIN_SENDABLE_MSAT || amount > MAX_SENDABLE_MSAT) {
      return reply
        .code(400)
        .send(
          lnurlError(
            `amount must be whole millisats between ${MIN_SENDABLE_MSAT} and ${MAX_SENDABLE_MSAT}`,
          ),
        );
    }
    const comment = req.query.comment ?? '';
    if (comment.length > COMMENT_ALLOWED)
      return reply.code(400).send(lnurlError('comment too long'));
    let zapRequest: NostrEvent | undefined;
    if (req.query.nostr !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(req.query.nostr);
      } catch {
        return reply.code(400).send(lnurlError('Invalid zap request JSON.'));
      }
      const problem = zapRequestProblem(parsed, amount, verify);
      if (problem) return reply.code(400).send(lnurlError(problem));
      zapRequest = parsed as NostrEvent;
    }
    const identifier = `${name}@${req.host}`;
    const what = {
      amountMsat: amount,
      ...(zapRequest ? { zapRequest } : { description: comment || `Payment to ${identifier}` }),
    };
    const invoice = wallets.byLightningAddress(name)
      ? wallets.invoiceFor(name, what)
      : ledger.issue(what);
    if (!invoice) return reply.code(404).send(lnurlError('this wallet connection was revoked'));
    return {
      pr: invoice.bolt11,
      routes: [],
      verify: `${origin(req)}/devnet/invoices/${invoice.paymentHash}`,
    };
  });

  app.get<{ Params: { hash: string } }>('/devnet/invoices/:hash', async (req, reply) => {
    reply.header('access-control-allow-origin', '*');
    const invoice = ledger.get(req.params.hash.toLowerCase());
    if (!invoice) return reply.code(404).send(lnurlError('Not found'));
    return verifyView(invoice);
  });
  return payRequest;
}

/**
 * The development payment endpoints: `POST /devnet/pay {invoice}` pays an invoice of the devnet
 * node (zap receipts follow through the ledger's listener), `POST /devnet/invoices {amountMsat,
 * description?}` issues one, `GET /devnet/invoices` lists the latest.
 */
export function registerPaymentRoutes(
  app: FastifyInstance,
  ledger: InvoiceLedger,
  host: DevnetHost,
  publishReceipt: (invoice: LedgerInvoice) => Promise<NostrEvent | undefined>,
): void {
  // The WebLN stand-in (/devnet/webln.js) calls these from the page, which may be served from
  // another origin (the Vite dev server): answer the CORS preflight.
  for (const url of ['/devnet/pay', '/devnet/invoices']) {
    app.options(url, async (_req, reply) =>
      reply
        .code(204)
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', 'POST, GET')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '600')
        .send(),
    );
  }

  app.post<{ Body: { invoice?: unknown } }>('/devnet/pay', async (req, reply) => {
    reply.header('access-control-allow-origin', '*');
    const bolt11 = req.body?.invoice;
    if (typeof bolt11 !== 'string' || bolt11.length > 8000) {
      return reply.code(400).send({ error: 'body must be {"invoice": "<bolt11>"}' });
    }
    try {
      const { invoice, alreadyPaid } = await ledger.pay(bolt11);
      return {
        paid: true,
        alreadyPaid,
        paymentHash: invoice.paymentHash,
        amountMsat: invoice.amountMsat,
        preimage: invoice.preimage ?? null,
        receipt: receipts.get(invoice.paymentHash) ?? null,
      };
    } catch (err) {
      if ((err as Error).name === 'LedgerError')
        return reply.code(400).send({ error: (err as Error).message });
      host.log.warn({ err }, 'devnet payment failed');
      return reply.code(500).send({ error: 'payment failed' });
    }
  });

  app.post<{ Body: { amountMsat?: unknown; description?: unknown } }>(
    '/devnet/invoices',
    async (req, reply) => {
      reply.header('access-control-allow-origin', '*');
      const amountMsat = Number(req.body?.amountMsat);
      const description = req.body?.description;
      if (!Number.isSafeInteger(amountMsat) || amountMsat < 1 || amountMsat > MAX_SENDABLE_MSAT) {
        return reply.code(400).send({ error: 'amountMsat must be a positive whole number' });
      }
      if (
        description !== undefined &&
        (typeof description !== 'string' || description.length > 2000)
      ) {
        return reply
          .code(400)
          .send({ error: 'description must be a string of at most 2000 characters' });
      }
      const invoice = ledger.issue({
        amountMsat,
        ...(description !== undefined ? { description } : {}),
      });
      return {
        invoice: invoice.bolt11,
        paymentHash: invoice.paymentHash,
        expiresAt: invoice.expiresAt,
      };
    },
  );

  app.get('/devnet/invoices', async () =>
    ledger
      .list()
      .slice(0, 100)
      .map((i) => ({
        invoice: i.bolt11,
        paymentHash: i.paymentHash,
        amountMsat: i.amountMsat,
        status: i.status,
        createdAt: i.createdAt,
        paidAt: i.paidAt ?? null,
        zap: i.zapRequest !== undefined,
      })),
  );

  const receipts = new Map<string, NostrEvent>();
  ledger.onPaid(async (invoice) => {
    // An invoice of a wallet connection: that wallet signs its own receipt.
    if (!invoice.zapRequest || invoice.owner) return;
    const receipt = await publishReceipt(invoice);
    if (receipt) receipts.set(invoice.paymentHash, receipt);
  });
}
