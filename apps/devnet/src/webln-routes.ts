import type { FastifyInstance } from 'fastify';
import type { InvoiceLedger } from './invoice-ledger.ts';

/**
 * The browser script of the WebLN stand-in: it defines `window.webln` (enable, getInfo,
 * sendPayment, makeInvoice) paying through `POST /devnet/pay` and issuing through
 * `POST /devnet/invoices` of `origin`. With `reject`, sendPayment fails as when a user
 * declines in the extension.
 */
export function weblnScript(opts: { origin: string; nodeId: string; reject: boolean }): string {
  return `// Swell devnet: a WebLN provider that pays through the devnet ledger (for tests; no real money).
(() => {
  'use strict';
  const ORIGIN = ${JSON.stringify(opts.origin)};
  const NODE = ${JSON.stringify(opts.nodeId)};
  const REJECT = ${opts.reject ? 'true' : 'false'};
  let enabled = false;
  const post = async (path, body) => {
    const res = await fetch(ORIGIN + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    let json = {};
    try { json = await res.json(); } catch { /* not JSON */ }
    if (!res.ok) throw new Error(json.error || 'the devnet answered ' + res.status);
    return json;
  };
  const mustBeEnabled = () => {
    if (!enabled) throw new Error('Provider must be enabled before calling this method');
  };
  const webln = {
    isSwellDevnet: true,
    get enabled() { return enabled; },
    async isEnabled() { return enabled; },
    async enable() { enabled = true; },
    async getInfo() {
      mustBeEnabled();
      return {
        node: { alias: 'Swell devnet', pubkey: NODE },
        methods: ['getInfo', 'sendPayment', 'makeInvoice'],
        supports: ['lightning'],
      };
    },
    async sendPayment(paymentRequest) {
      mustBeEnabled();
      if (REJECT) throw new Error('User rejected the payment');
      const paid = await post('/devnet/pay', { invoice: String(paymentRequest) });
      if (paid.alreadyPaid) throw new Error('This invoice has already been paid.');
      if (!paid.preimage) throw new Error('The devnet node does not know this invoice.');
      return { preimage: paid.preimage };
    },
    async makeInvoice(args) {
      mustBeEnabled();
      const a = typeof args === 'object' && args !== null ? args : { amount: args };
      const sats = Number(a.amount ?? a.defaultAmount);
      const made = await post('/devnet/invoices', {
        amountMsat: sats * 1000,
        description: String(a.defaultMemo ?? ''),
      });
      return { paymentRequest: made.invoice };
    },
  };
  Object.defineProperty(window, 'webln', { value: webln, configurable: true, writable: true });
  if (typeof window.dispatchEvent === 'function' && typeof Event === 'function') {
    window.dispatchEvent(new Event('webln:ready'));
  }
})();
`;
}

/**
 * `GET /devnet/webln.js[?reject=1]`: the WebLN stand-in for the browser tests to inject
 * (Playwright `page.addInitScript({ content })`), bound to this server's origin.
 */
export function registerWeblnRoutes(app: FastifyInstance, ledger: InvoiceLedger): void {
  app.get<{ Querystring: { reject?: string } }>('/devnet/webln.js', async (req, reply) => {
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('access-control-allow-origin', '*');
    return weblnScript({
      origin: `${req.protocol}://${req.host}`,
      nodeId: ledger.nodeId,
      reject: req.query.reject === '1' || req.query.reject === 'true',
    });
  });
}
