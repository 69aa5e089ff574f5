import Fastify, { type FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { mkdirSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from './config.ts';
import { handleCacheSocket } from './cache/socket.ts';
import { handleRelaySocket, relayLimits } from './relay/socket.ts';
import { registerRelayInfo } from './relay/nip11.ts';
import { WS_MAX_PAYLOAD } from './relay/limits.ts';
import { registerWebApp } from './http/static-app.ts';
import { registerLinkPreview } from './http/link-preview.ts';
import { registerNip05 } from './http/nip05.ts';
import { registerMediaCache } from './http/media-cache.ts';
import { registerMediaFiles } from './http/media-files.ts';
import { registerBlossom } from './http/blossom.ts';
import { MediaStore } from './media/media-store.ts';
import { memberMediaLibrary } from './media/member-media-library.ts';
import { serverVersion } from './version.ts';
import { openStore } from './store/open-store.ts';
import { LiveBus } from './live/live-bus.ts';
import { startPgFanout, type PgFanout } from './live/pg-fanout.ts';
import { startUpstream } from './ingest/upstream.ts';
import { ProfileCache } from './cache/profile-cache.ts';
import { NameRegistry } from './names/name-registry.ts';
import { ServerSettings } from './settings/server-settings.ts';
import { MembershipService } from './membership/membership-service.ts';
import { StoredReplayGuard } from './auth/stored-replay-guard.ts';
import { AppReleasesSource } from './cache/app-releases.ts';
import { ExchangeRateSource } from './membership/exchange-rate.ts';
import { NwcPayments } from './membership/nwc-payments.ts';
import { walletRoutes } from './wallet/router.ts';
import { registerContentBackup } from './http/content-backup.ts';
import type { ServerContext, ServerExtension } from './context.ts';
import { openStreams } from './cache/stream-counts.ts';
import { createServerLoad, loadReport } from './load.ts';
import { FetchGuard, type Resolver } from './net/fetch-guard.ts';
import { OwnOrigins } from './net/own-origins.ts';
import { fetchSlots, type Outbound } from './net/outbound.ts';
import { LightningAddresses } from './lightning/lightning-addresses.ts';
import { Rebroadcasts } from './membership/rebroadcasts.ts';
import { PushService } from './push/push-service.ts';
import { registerLightningAddresses } from './http/lightning-address.ts';
import { inAddressList } from './net/address-list.ts';
import { clientAddress } from './net/client-address.ts';
import { localGet } from './http/local-get.ts';
import { originAllowed } from './http/cors.ts';
import { registerCompression } from './http/compression.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { guardUpgradeSocket, logSocketErrors } from './net/socket-errors.ts';

export interface RunningServer {
  /** Base HTTP URL, e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
  app: FastifyInstance;
  /** The configuration in force; budgets (`limits`) are read live, so tests may change them. */
  config: ServerConfig;
  close(): Promise<void>;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface StartOptions {
  /** Plug-ins such as the devnet; see `ServerExtension`. */
  extensions?: readonly ServerExtension[];
  /** DNS resolver of the fetch guard (tests inject one to play a rebinding name server). */
  resolver?: Resolver;
}

/**
 * Largest websocket frame of each path (bytes); a larger one closes that connection with 1009.
 * `/v1`: an upload chunk of 1 MB is about 1.4 MB of JSON. `/relay`: frames up to the relay's
 * message limit are handled, larger ones up to this cap get a NOTICE from the handler.
 */
export const SOCKET_MAX_PAYLOAD = {
  '/v1': 4 * 1024 * 1024,
  '/wallet/v1': 1024 * 1024,
  '/relay': WS_MAX_PAYLOAD,
} as const;

function refuseUpgrade(socket: Duplex, status: string, text: string): void {
  socket.end(
    `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}

/** Starts HTTP and both websockets on one port. */
export async function startServer(
  config: ServerConfig,
  options: StartOptions = {},
): Promise<RunningServer> {
  const extensions = options.extensions ?? [];
  mkdirSync(config.dataDir, { recursive: true });
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // req.ip and req.protocol believe X-Forwarded-* only from a configured proxy.
    trustProxy: (address: string) => inAddressList(config.trustedProxies, address),
  });
  await registerCompression(app);
  // Configuration read from files is checked before anything opens.
  const appReleases = new AppReleasesSource({
    ...(config.appReleases !== undefined ? { setting: config.appReleases } : {}),
    dataDir: config.dataDir,
    warn: (msg) => app.log.warn(msg),
  });
  await appReleases.check();
  const store = await openStore(config);
  const live = new LiveBus();
  let fanout: PgFanout | undefined;
  if (config.databaseUrl) fanout = await startPgFanout(config.databaseUrl, store, live, app.log);
  store.onCommitted((events) => {
    live.publish(events);
    fanout?.announce(events);
  });
  const names = new NameRegistry(store.db);
  const membership = new MembershipService({ store, names, log: app.log });
  const profiles = new ProfileCache();
  const outbound: Outbound = {
    guard: new FetchGuard({
      allowPrivate: config.allowPrivateFetch,
      ...(options.resolver ? { resolver: options.resolver } : {}),
    }),
    own: new OwnOrigins(config.publicUrl ? [config.publicUrl] : []),
    slots: fetchSlots(),
  };
  const settings = new ServerSettings(store.db, { defaultAccount: config.defaultAccount });
  let push: PushService;
  try {
    push = await PushService.start({
      store,
      settings,
      outbound,
      profiles,
      live,
      push: config.push ?? {},
      publicUrl: config.publicUrl,
      log: app.log,
    });
  } catch (err) {
    await fanout?.close();
    await store.close();
    await app.close();
    throw err;
  }
  const ctx: ServerContext = {
    config,
    log: app.log,
    startedAt: Date.now(),
    store,
    ingest: (events, opts) => store.ingest(events, opts),
    live,
    profiles,
    names,
    settings,
    outbound,
    load: createServerLoad(config),
    media: new MediaStore({ store, config, log: app.log, tierOf: (pk) => membership.tierOf(pk) }),
    membership,
    replays: new StoredReplayGuard(store),
    appReleases,
    lightning: new LightningAddresses({ names, membership, profiles, store, outbound }),
    rebroadcasts: new Rebroadcasts({
      store,
      outbound,
      log: app.log,
      ...(config.rebroadcastEventsPerSecond !== undefined
        ? { eventsPerSecond: config.rebroadcastEventsPerSecond }
        : {}),
    }),
    push,
  };
  membership.useMediaLibrary(memberMediaLibrary(ctx.media));
  // The operator's wallet (SWELL_NWC_URL), checked before the server takes a request: a
  // connection that cannot take payments stops the start with the reason.
  let nwc: NwcPayments | undefined;
  if (config.nwcUrl) {
    try {
      nwc = await NwcPayments.connect({
        uri: config.nwcUrl,
        store,
        rates: new ExchangeRateSource({
          config: config.exchangeRate,
          outbound: ctx.outbound,
          settings: ctx.settings,
          log: app.log,
        }),
        log: app.log,
      });
    } catch (err) {
      await ctx.media.close();
      await push.close();
      await fanout?.close();
      await store.close();
      await app.close();
      throw err;
    }
    membership.usePayments(nwc);
    app.log.info({ wallet: nwc.walletPubkey }, 'membership payments: wallet connect');
  }
  live.subscribe((e) => ctx.profiles.invalidate([e]));
  const storageKind = config.databaseUrl ? 'postgresql' : 'sqlite';
  const upstream = config.upstream.length
    ? startUpstream(config.upstream, store, app.log)
    : undefined;
  const scoreTimer = setInterval(() => {
    store.expireScores().catch((err: unknown) => app.log.warn({ err }, 'score expiry failed'));
  }, 60_000);
  scoreTimer.unref();

  // Event-loop stalls, for /health (and the relay benchmark): `?reset=loop` starts a new window.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  app.get('/health', async (req) => {
    const body = {
      status: 'ok',
      version: serverVersion,
      storage: storageKind,
      counts: await store.counts(),
      uptime: Math.round((Date.now() - ctx.startedAt) / 1000),
      /** Open cache streams by command (net_stats, notification_counts, directmsg_count). */
      streams: openStreams(ctx),
      loop: {
        max_ms: Math.round(loopDelay.max / 1e4) / 100,
        p99_ms: Math.round(loopDelay.percentile(99) / 1e4) / 100,
      },
      load: loadReport(ctx.load, config),
      push: push.report(),
    };
    if ((req.query as { reset?: string }).reset === 'loop') loopDelay.reset();
    return body;
  });

  registerSecurityHeaders(app);
  registerRelayInfo(app, relayLimits());
  registerLinkPreview(app, ctx);
  registerNip05(app, ctx);
  registerMediaCache(app, ctx);
  registerMediaFiles(app, ctx);
  registerBlossom(app, ctx);
  registerContentBackup(app, ctx);
  registerLightningAddresses(app, ctx);
  for (const ext of extensions) await ext.register?.(app, ctx);
  await registerWebApp(app, config.webDist ?? defaultWebDist, ctx);
  ctx.outbound.local = localGet(app);

  const sockets = {
    '/v1': {
      wss: new WebSocketServer({ noServer: true, maxPayload: SOCKET_MAX_PAYLOAD['/v1'] }),
      handle: handleCacheSocket,
      caps: ctx.load.connections.cache,
      checkOrigin: true,
    },
    // Membership and wallet: the cache's message shape and machinery, its own commands.
    '/wallet/v1': {
      wss: new WebSocketServer({ noServer: true, maxPayload: SOCKET_MAX_PAYLOAD['/wallet/v1'] }),
      handle: (ws: WebSocket, c: ServerContext, req: IncomingMessage) =>
        handleCacheSocket(ws, c, req, walletRoutes),
      caps: ctx.load.connections.wallet,
      // Purchases and a member's files: the app and the origins allowed on /v1 only.
      checkOrigin: true,
    },
    '/relay': {
      wss: new WebSocketServer({ noServer: true, maxPayload: SOCKET_MAX_PAYLOAD['/relay'] }),
      handle: handleRelaySocket,
      caps: ctx.load.connections.relay,
      // A relay is for every client on every origin (NIP-01).
      checkOrigin: false,
    },
  } as const;
  for (const [path, { wss, handle }] of Object.entries(sockets)) {
    wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
      // First: nothing a client sends may leave an `error` without a listener.
      logSocketErrors(ws, path, ctx.log);
      handle(ws, ctx, req);
    });
  }
  app.server.on('upgrade', (req, socket, head) => {
    guardUpgradeSocket(socket);
    const path = (req.url ?? '/').split('?')[0] as keyof typeof sockets;
    const target = Object.hasOwn(sockets, path) ? sockets[path] : undefined;
    if (!target) {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    // A page on another origin may not drive a visitor's browser against /v1 unless allowed
    // (SWELL_ALLOWED_ORIGINS); clients that are not browsers send no Origin.
    const origin = req.headers.origin;
    if (target.checkOrigin && typeof origin === 'string' && !originAllowed(ctx, origin)) {
      ctx.load.counters.originsRefused++;
      refuseUpgrade(socket, '403 Forbidden', 'origin not allowed');
      return;
    }
    const client = clientAddress(req, config.trustedProxies);
    if (!target.caps.take(client)) {
      refuseUpgrade(socket, '429 Too Many Requests', 'too many connections from this address');
      return;
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      target.caps.release(client);
    };
    socket.once('close', release);
    target.wss.handleUpgrade(req, socket, head, (ws) => {
      ws.once('close', release);
      target.wss.emit('connection', ws, req);
    });
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  ctx.outbound.own.addListening(url);
  ctx.rebroadcasts.resume();
  for (const ext of extensions) await ext.listening?.(ctx, { url, port });
  return {
    url,
    port,
    app,
    config,
    async close() {
      for (const { wss } of Object.values(sockets)) {
        for (const client of wss.clients) client.terminate();
        wss.close();
      }
      await app.close();
      await ctx.rebroadcasts.close();
      for (const ext of [...extensions].reverse()) await ext.close?.();
      await nwc?.close();
      clearInterval(scoreTimer);
      loopDelay.disable();
      await upstream?.close();
      await push.close();
      await ctx.media.close();
      await fanout?.close();
      await store.close();
    },
  };
}
