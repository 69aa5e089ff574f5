import type { FastifyInstance } from 'fastify';
import { checkedRate, type DevnetPayments } from './devnet-payments.ts';
import { operatorOnly } from './operator-token.ts';

/**
 * `GET /devnet/exchange-rate` -> `{usd_per_btc}`; `POST /devnet/exchange-rate {usd_per_btc}` sets
 * the fixed rate membership purchases are priced at (tests, demos): everyone's prices, so only
 * with the operator token.
 */
export function registerExchangeRateRoutes(
  app: FastifyInstance,
  payments: DevnetPayments,
  operatorToken: string,
): void {
  app.get('/devnet/exchange-rate', async () => ({ usd_per_btc: await payments.usdPerBtc() }));
  app.post<{ Body: { usd_per_btc?: unknown } }>(
    '/devnet/exchange-rate',
    operatorOnly(operatorToken),
    async (req, reply) => {
      const rate = Number(req.body?.usd_per_btc);
      try {
        payments.setUsdPerBtc(checkedRate(rate));
      } catch (err) {
        return reply.code(400).send({ error: (err as Error).message });
      }
      return { usd_per_btc: rate };
    },
  );
}
