import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DevnetMint } from './devnet-mint.ts';
import { operatorOnly } from '../operator-token.ts';
import { MintError, MintErrorCode } from './mint-error.ts';

/** Where the devnet mint lives on the server: its mint URL is `<origin>/devnet/mint`. */
export const MINT_PATH = '/devnet/mint';

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, accept',
  'access-control-max-age': '86400',
};

type Body = Record<string, unknown>;

/**
 * The NUT v1 HTTP API of the devnet mint under `/devnet/mint`: info, keys, keysets, bolt11 mint
 * and melt quotes and their execution, swap, checkstate, restore; plus `POST /devnet/mint/rotate`
 * (devnet only, with the operator token) to retire the active keyset and set the new one's fee.
 * Every answer allows any origin (browser wallets call mints directly); refusals are 400
 * `{code, detail}` (a missing or wrong operator token: 401/403 `{error}`, as every devnet control).
 */
export async function registerMintRoutes(
  app: FastifyInstance,
  mint: DevnetMint,
  operatorToken: string,
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (_req, reply) => {
        reply.headers(CORS_HEADERS);
      });
      scope.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
        if (err instanceof MintError) {
          return reply.code(400).send({ code: err.code, detail: err.message });
        }
        if (err.statusCode && err.statusCode < 500) {
          return reply.code(400).send({ code: MintErrorCode.badRequest, detail: err.message });
        }
        scope.log.warn({ err }, 'devnet mint request failed');
        return reply.code(500).send({ code: 0, detail: 'internal error' });
      });

      const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}${MINT_PATH}`;
      const body = (req: FastifyRequest): Body =>
        typeof req.body === 'object' && req.body !== null ? (req.body as Body) : {};

      scope.get('/v1/info', async (req) => mint.info(origin(req)));
      scope.get('/v1/keys', async () => mint.keys());
      scope.get<{ Params: { id: string } }>('/v1/keys/:id', async (req) =>
        mint.keys(req.params.id),
      );
      scope.get('/v1/keysets', async () => mint.keysetsJson());

      scope.post('/v1/mint/quote/bolt11', async (req) => mint.createMintQuote(body(req)));
      scope.get<{ Params: { quote: string } }>('/v1/mint/quote/bolt11/:quote', async (req) =>
        mint.checkMintQuote(req.params.quote),
      );
      scope.post('/v1/mint/bolt11', async (req) => mint.mint(body(req)));

      scope.post('/v1/melt/quote/bolt11', async (req) => mint.createMeltQuote(body(req)));
      scope.get<{ Params: { quote: string } }>('/v1/melt/quote/bolt11/:quote', async (req) =>
        mint.checkMeltQuote(req.params.quote),
      );
      scope.post('/v1/melt/bolt11', async (req) => mint.melt(body(req)));

      scope.post('/v1/swap', async (req) => mint.swap(body(req)));
      scope.post('/v1/checkstate', async (req) => mint.checkState(body(req)));
      scope.post('/v1/restore', async (req) => mint.restore(body(req)));

      scope.post('/rotate', operatorOnly(operatorToken), async (req) => {
        const fee = body(req).input_fee_ppk;
        const keyset = mint.rotate(fee === undefined ? undefined : Number(fee));
        return { id: keyset.id, input_fee_ppk: keyset.inputFeePpk, ...mint.keysetsJson() };
      });

      // Preflight for every path, and a JSON 404 instead of the web app for unknown ones.
      scope.options('/*', async (_req, reply: FastifyReply) => reply.code(204).send());
      scope.route({
        method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url: '/*',
        handler: async (_req, reply: FastifyReply) =>
          reply.code(404).send({ code: MintErrorCode.badRequest, detail: 'not found' }),
      });
    },
    { prefix: MINT_PATH },
  );
}
