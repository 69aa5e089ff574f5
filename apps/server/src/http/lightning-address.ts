import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseLightningInvoice } from '@swell/wallet';
import type { ServerContext } from '../context.ts';
import { ForwardError, lnurlError } from '../lightning/lightning-addresses.ts';
import { normaliseName } from '../names/name-registry.ts';
import { mayFetchPrivate } from '../net/private-fetch.ts';

/** The fields of a pay request (LUD-06, 12, 18; NIP-57) passed on from the member's service. */
const PAY_FIELDS = [
  'tag',
  'minSendable',
  'maxSendable',
  'metadata',
  'commentAllowed',
  'payerData',
  'allowsNostr',
  'nostrPubkey',
] as const;

const originOf = (ctx: ServerContext, req: FastifyRequest) =>
  ctx.config.publicUrl ?? `${req.protocol}://${req.host}`;

function refuse(reply: FastifyReply, status: number, reason: string) {
  return reply.code(status).send(lnurlError(reason));
}

/**
 * Lightning addresses of this server's names (LUD-16), CORS open as wallets call them from
 * pages:
 * - `GET /.well-known/lnurlp/<name>`: an active member with a lightning address in their own
 *   profile gets their service's pay request (metadata, limits, `allowsNostr` and `nostrPubkey`
 *   of their service) with the callback pointing here; any other name is answered by the
 *   fallback (the devnet's ledger), else `{"status": "ERROR", "reason"}`.
 * - `GET /lnurlp/<name>/callback?amount=&nostr=&comment=`: the member's service's callback,
 *   asked with the same query through the outbound guard; its invoice is answered unchanged, so
 *   a zap's receipt comes from the member's own wallet.
 */
export function registerLightningAddresses(app: FastifyInstance, ctx: ServerContext): void {
  const addresses = ctx.lightning;

  app.get<{ Params: { name: string } }>('/.well-known/lnurlp/:name', async (req, reply) => {
    reply.header('access-control-allow-origin', '*');
    const name = normaliseName(req.params.name);
    if (!name) return refuse(reply, 404, 'unknown name');
    const target = await addresses.memberAddress(name);
    if (target.kind === 'none') {
      const answer = await addresses.fallbackAnswer(name, req);
      if (answer) return answer;
      return refuse(reply, 404, `${name}@${req.host}: ${target.reason}`);
    }
    try {
      const { json } = await addresses.payParams(target, mayFetchPrivate(ctx, req.headers));
      const out: Record<string, unknown> = {};
      for (const f of PAY_FIELDS) if (json[f] !== undefined) out[f] = json[f];
      out.callback = `${originOf(ctx, req)}/lnurlp/${encodeURIComponent(name)}/callback`;
      return out;
    } catch (err) {
      if (!(err instanceof ForwardError)) throw err;
      return refuse(reply, 502, `${name}@${req.host} forwards to ${err.message}`);
    }
  });

  app.get<{
    Params: { name: string };
    Querystring: { amount?: string; nostr?: string; comment?: string };
  }>('/lnurlp/:name/callback', async (req, reply) => {
    reply.header('access-control-allow-origin', '*');
    const name = normaliseName(req.params.name);
    const target = name ? await addresses.memberAddress(name) : undefined;
    if (!name || !target || target.kind === 'none')
      return refuse(reply, 404, `${name ?? 'this name'} has no lightning address here`);
    const { amount, nostr, comment } = req.query;
    if (typeof amount !== 'string' || !/^[1-9]\d{0,15}$/.test(amount))
      return refuse(reply, 400, 'amount must be whole millisats');
    if (nostr !== undefined && (typeof nostr !== 'string' || nostr.length > 20_000))
      return refuse(reply, 400, 'invalid zap request');
    if (comment !== undefined && (typeof comment !== 'string' || comment.length > 2000))
      return refuse(reply, 400, 'comment too long');
    try {
      const answer = await addresses.invoice(
        target,
        {
          amount,
          ...(nostr !== undefined ? { nostr } : {}),
          ...(comment !== undefined ? { comment } : {}),
        },
        mayFetchPrivate(ctx, req.headers),
      );
      const pr = answer.pr as string;
      // LUD-06: the invoice must be for the amount asked (wallets check it too).
      if (parseLightningInvoice(pr)?.amountMsat !== Number(amount))
        return refuse(reply, 502, `${target.address} answered an invoice for another amount`);
      return {
        pr,
        routes: [],
        ...(typeof answer.successAction === 'object' && answer.successAction !== null
          ? { successAction: answer.successAction }
          : {}),
        ...(typeof answer.verify === 'string' && /^https?:\/\//.test(answer.verify)
          ? { verify: answer.verify }
          : {}),
      };
    } catch (err) {
      if (!(err instanceof ForwardError)) throw err;
      return refuse(reply, 502, `${name}@${req.host} forwards to ${err.message}`);
    }
  });
}
