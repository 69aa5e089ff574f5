import { join } from 'node:path';
import type { ServerConfig, ServerExtension } from '@swell/server';
import { flag } from '@swell/server';
import type { InvoiceLedger } from './invoice-ledger.ts';
import { registerMediaRoutes } from './media-routes.ts';
import type { DevnetMint } from './mint/devnet-mint.ts';
import { DEVNET_MINT_FILE, registerDevnetMint } from './mint/register-mint.ts';
import { DevnetBunker } from './nip46-bunker.ts';
import { registerBunkerRoutes } from './nip46-routes.ts';
import type { NwcWalletService } from './nwc-wallet-service.ts';
import type { DevnetPayments } from './devnet-payments.ts';
import { checkedOperatorToken, newOperatorToken } from './operator-token.ts';
import { registerDevnet } from './register-devnet.ts';
import { publicBaseUrl, seedDemoNetwork, type SeedProgress, type SeedReport } from './seed.ts';
import { PushInbox } from './push/push-inbox.ts';
import { PUSH_SERVICE_PATH, registerPushRoutes, type PushServiceBase } from './push/push-routes.ts';

export interface DevnetOptions {
  /** Local lightning and LNURL sandbox (SWELL_DEVNET). */
  devnet: boolean;
  /** Seed the demo network into an empty database (SWELL_DEMO). */
  demo: boolean;
  /** US dollars per bitcoin membership purchases are priced at (SWELL_DEVNET_USD_PER_BTC). */
  usdPerBtc?: number;
  /** Told how seeding goes (`npm start` draws a progress bar with it). */
  onSeedProgress?: (progress: SeedProgress) => void;
  /**
   * What the devnet controls that change the service for everyone ask for in
   * `Authorization: Bearer` (SWELL_DEVNET_OPERATOR_TOKEN); a fresh random one when absent.
   */
  operatorToken?: string;
}

/**
 * SWELL_DEVNET and SWELL_DEMO from the environment or `--NAME=value` flags. Defaults: the devnet
 * on; the demo network on with the embedded database and off with PostgreSQL.
 */
export function loadDevnetOptions(
  env: Record<string, string | undefined> = process.env,
  argv: string[] = process.argv.slice(2),
): DevnetOptions {
  const merged: Record<string, string | undefined> = { ...env };
  for (const arg of argv) {
    const m = /^--([A-Za-z_]+)=(.*)$/.exec(arg);
    if (m) merged[m[1]!.toUpperCase()] = m[2];
  }
  let usdPerBtc: number | undefined;
  if (merged.SWELL_DEVNET_USD_PER_BTC) {
    usdPerBtc = Number(merged.SWELL_DEVNET_USD_PER_BTC);
    if (!(Number.isFinite(usdPerBtc) && usdPerBtc >= 1 && usdPerBtc <= 1e9))
      throw new Error(
        `SWELL_DEVNET_USD_PER_BTC must be a number of dollars per bitcoin, got ${merged.SWELL_DEVNET_USD_PER_BTC}`,
      );
  }
  return {
    devnet: flag(merged.SWELL_DEVNET) ?? true,
    demo: flag(merged.SWELL_DEMO) ?? !merged.DATABASE_URL,
    ...(usdPerBtc !== undefined ? { usdPerBtc } : {}),
    ...(merged.SWELL_DEVNET_OPERATOR_TOKEN
      ? { operatorToken: checkedOperatorToken(merged.SWELL_DEVNET_OPERATOR_TOKEN) }
      : {}),
  };
}

/** What the devnet extension made, for tests and later payment flows. */
export interface DevnetState {
  ledger?: InvoiceLedger;
  /** The NIP-47 wallet service (devnet on). */
  nwc?: NwcWalletService;
  /** The Cashu mint on the ledger, served under `/devnet/mint` (its state in SWELL_DATA). */
  mint?: DevnetMint;
  /** The NIP-46 bunker (devnet on). */
  bunker?: DevnetBunker;
  /** Membership payments (devnet on): set the exchange rate with `setUsdPerBtc`. */
  payments?: DevnetPayments;
  /** The operator token (devnet on): `Authorization: Bearer <it>` on the operator's controls. */
  operatorToken?: string;
  /** The Web Push service (devnet on): what was pushed to each of its subscriptions. */
  push?: PushInbox;
  seeded?: SeedReport;
}

/**
 * The devnet as a server extension: the demo media (always: a demo database refers to them),
 * the lightning sandbox (LNURL, NWC, WebLN, the Cashu mint, membership payments) and the NIP-46
 * bunker when `devnet` is on, and the demo network seeded into an empty database once the port
 * is open (the events carry the server's own URL) when `demo` is on.
 */
export function devnetExtension(
  opts: DevnetOptions,
  state: DevnetState = {},
): ServerExtension & { state: DevnetState } {
  const pushBase: PushServiceBase = {};
  return {
    name: 'devnet',
    state,
    async register(app, ctx) {
      registerMediaRoutes(app);
      if (opts.devnet) {
        const operatorToken = opts.operatorToken ?? newOperatorToken();
        state.operatorToken = operatorToken;
        const devnet = await registerDevnet(app, ctx, {
          operatorToken,
          ...(opts.usdPerBtc !== undefined ? { usdPerBtc: opts.usdPerBtc } : {}),
        });
        state.ledger = devnet.ledger;
        state.nwc = devnet.nwc;
        state.mint = await registerDevnetMint(app, devnet.ledger, operatorToken, {
          file: join(ctx.config.dataDir, DEVNET_MINT_FILE),
        });
        state.bunker = new DevnetBunker(ctx);
        registerBunkerRoutes(app, state.bunker, operatorToken);
        state.payments = devnet.payments;
        // A configured provider (the operator's wallet, SWELL_NWC_URL) takes the payments.
        if (!ctx.membership.paymentProvider) ctx.membership.usePayments(devnet.payments);
        // Names without an address of their own (members with one are forwarded first).
        ctx.lightning.useFallback(devnet.lnurl);
        state.push = new PushInbox();
        registerPushRoutes(app, state.push, pushBase);
      }
    },
    async close() {
      state.nwc?.stop();
      await state.bunker?.close();
      state.mint?.close();
    },
    async listening(ctx, { url }) {
      if (state.push) {
        // The server pushes to this service over loopback, which its guard refuses elsewhere.
        pushBase.url = url;
        ctx.push.allowLocalService(`${url}${PUSH_SERVICE_PATH}/send/`);
      }
      if (!opts.demo || (await ctx.store.counts()).events > 0) return;
      const seeded = await seedDemoNetwork(
        ctx,
        {
          // the URL clients reach: media, names and lightning addresses are made for it
          baseUrl: ctx.config.publicUrl ?? publicBaseUrl(url),
          now: Math.floor(Date.now() / 1000),
        },
        opts.onSeedProgress,
      );
      state.seeded = seeded;
      ctx.log.info(
        seeded,
        `demo network: ${seeded.accepted} of ${seeded.events} events seeded in ${seeded.totalSeconds.toFixed(1)} s (generated alongside in ${seeded.generateSeconds.toFixed(1)} s)`,
      );
    },
  };
}

/** Config plus the devnet switches, as tests and benchmarks pass them. */
export type DevnetServerConfig = ServerConfig & Partial<DevnetOptions>;
