import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getPublicKey } from '@swell/nostr';
import { hexToBytes } from '@noble/hashes/utils.js';
import { LedgerError } from './invoice-ledger.ts';
import { bearerToken, refuse, sameSecret } from './operator-token.ts';
import { MAX_SENDABLE_MSAT } from './lnurl-routes.ts';
import {
  NWC_METHODS,
  type NwcEncryptionMode,
  type NwcMethod,
  type NwcWalletService,
} from './nwc-wallet-service.ts';

const MODES: readonly NwcEncryptionMode[] = ['nip44_v2 nip04', 'nip44_v2', 'nip04'];
/** A fresh connection holds one million sats unless asked otherwise. */
export const DEFAULT_NWC_BALANCE_SATS = 1_000_000;
const HEX64 = /^[0-9a-f]{64}$/;
const REVOKE_NEEDS =
  'revoking a wallet connection needs its secret (the secret of its nostr+walletconnect:// URI) or the operator token: send Authorization: Bearer <it>';

/** Whether `secret` is the client secret of the connection whose client pubkey is `clientPubkey`. */
function holdsConnection(secret: string, clientPubkey: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(secret)) return false;
  try {
    return getPublicKey(hexToBytes(secret.toLowerCase())) === clientPubkey;
  } catch {
    return false;
  }
}

/** The server's relay as seen from the client that asked (the devnet runs on the same host). */
const relayUrlOf = (req: FastifyRequest) =>
  `${req.protocol === 'https' ? 'wss' : 'ws'}://${req.host}/relay`;

/**
 * Wallet connect for tests and users of the devnet:
 * - `POST /devnet/nwc {balanceSats?, encryption?, lud16?, methods?}` creates a connection and
 *   answers `{uri, walletPubkey, clientPubkey, relay, balanceMsat, encryption, methods,
 *   lightningAddress}` (201). `encryption` is what the wallet advertises: "nip44_v2 nip04"
 *   (default), "nip44_v2" or "nip04" (a legacy wallet: no encryption tag). `methods` are the
 *   connection's permissions (default all: pay_invoice, get_balance, get_info, make_invoice,
 *   lookup_invoice); `lightningAddress` is the connection's own address on this host, paid into
 *   its balance, whose zap receipts it signs.
 * - `GET /devnet/nwc/:walletPubkey`: balance, payments made and received of a connection.
 * - `DELETE /devnet/nwc/:walletPubkey`: revokes it (requests are then answered UNAUTHORIZED),
 *   for whoever holds the connection (`Authorization: Bearer <the secret of its URI>`) or the
 *   operator (`Authorization: Bearer <operator token>`): the wallet pubkey alone is public.
 */
export function registerNwcRoutes(
  app: FastifyInstance,
  service: NwcWalletService,
  operatorToken: string,
): void {
  app.post<{
    Body: {
      balanceSats?: unknown;
      encryption?: unknown;
      lud16?: unknown;
      methods?: unknown;
    } | null;
  }>('/devnet/nwc', async (req, reply) => {
    const body = req.body ?? {};
    const balanceSats = body.balanceSats ?? DEFAULT_NWC_BALANCE_SATS;
    if (
      typeof balanceSats !== 'number' ||
      !Number.isSafeInteger(balanceSats) ||
      balanceSats < 0 ||
      balanceSats * 1000 > MAX_SENDABLE_MSAT
    ) {
      return reply.code(400).send({
        error: `balanceSats must be a whole number from 0 to ${MAX_SENDABLE_MSAT / 1000}`,
      });
    }
    const encryption = body.encryption ?? 'nip44_v2 nip04';
    if (!MODES.includes(encryption as NwcEncryptionMode)) {
      return reply.code(400).send({ error: `encryption must be one of: ${MODES.join(', ')}` });
    }
    if (body.lud16 !== undefined && (typeof body.lud16 !== 'string' || body.lud16.length > 200)) {
      return reply.code(400).send({ error: 'lud16 must be a lightning address' });
    }
    const methods = body.methods;
    if (
      methods !== undefined &&
      !(
        Array.isArray(methods) &&
        methods.every((m) => (NWC_METHODS as readonly unknown[]).includes(m))
      )
    ) {
      return reply
        .code(400)
        .send({ error: `methods must be a list of: ${NWC_METHODS.join(', ')}` });
    }
    const relay = relayUrlOf(req);
    try {
      const { uri, summary } = await service.createConnection({
        relayUrl: relay,
        balanceMsat: balanceSats * 1000,
        encryption: encryption as NwcEncryptionMode,
        ...(typeof body.lud16 === 'string' && body.lud16 ? { lud16: body.lud16 } : {}),
        ...(methods !== undefined ? { methods: methods as NwcMethod[] } : {}),
      });
      return reply.code(201).send({
        uri,
        walletPubkey: summary.walletPubkey,
        clientPubkey: summary.clientPubkey,
        relay,
        balanceMsat: summary.balanceMsat,
        encryption: summary.encryption,
        methods: summary.methods,
        lightningAddress: `${summary.lightningName}@${req.host}`,
      });
    } catch (err) {
      if (err instanceof LedgerError) return reply.code(503).send({ error: err.message });
      throw err;
    }
  });

  app.get<{ Params: { wallet: string } }>('/devnet/nwc/:wallet', async (req, reply) => {
    const wallet = req.params.wallet.toLowerCase();
    const summary = HEX64.test(wallet) ? service.get(wallet) : undefined;
    if (!summary) return reply.code(404).send({ error: 'no such wallet connection' });
    return summary;
  });

  app.delete<{ Params: { wallet: string } }>('/devnet/nwc/:wallet', async (req, reply) => {
    const wallet = req.params.wallet.toLowerCase();
    const connection = HEX64.test(wallet) ? service.get(wallet) : undefined;
    if (!connection) return reply.code(404).send({ error: 'no such wallet connection' });
    const given = bearerToken(req);
    if (given === undefined) return refuse(reply, 401, REVOKE_NEEDS);
    if (!sameSecret(given, operatorToken) && !holdsConnection(given, connection.clientPubkey)) {
      return refuse(reply, 403, "neither this connection's secret nor the operator token");
    }
    service.revoke(wallet);
    return { revoked: true };
  });
}
