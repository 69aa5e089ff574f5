import Fastify, { type FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { mkdirSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { IncomingMessage } from 'node:http';
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
import { walletRoutes } from './wallet/router.ts';
import { registerContentBackup } from './http/content-backup.ts';
import type { ServerContext, ServerExtension } from './context.ts';
import { openStreams } from './cache/stream-counts.ts';

export interface RunningServer {
  /** Base HTTP URL, e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
  app: FastifyInstance;
  close(): Promise<void>;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface StartOptions {
  /** Plug-ins such as the devnet; see `ServerExtension`. */
  extensions?: readonly ServerExtension[];
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
  });
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
  const ctx: ServerContext = {
    config,
    log: app.log,
    startedAt: Date.now(),
    store,
    ingest: (events, opts) => store.ingest(events, opts),
    live,
    profiles: new ProfileCache(),
    names,
    settings: new ServerSettings(store.db, { defaultAccount: config.defaultAccount }),
    media: new MediaStore({ store, config, log: app.log, tierOf: (pk) => membership.tierOf(pk) }),
    membership,
    replays: new StoredReplayGuard(store),
  };
  membership.useMediaLibrary(memberMediaLibrary(ctx.media));
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
    };
    if ((req.query as { reset?: string }).reset === 'loop') loopDelay.reset();
    return body;
  });

  registerRelayInfo(app, relayLimits());
  registerLinkPreview(app, ctx);
  registerNip05(app, ctx);
  registerMediaCache(app, ctx);
  registerMediaFiles(app, ctx);
  registerBlossom(app, ctx);
  registerContentBackup(app, ctx);
  for (const ext of extensions) await ext.register?.(app, ctx);
  await registerWebApp(app, config.webDist ?? defaultWebDist);

  const sockets = {
    '/v1': {
      wss: new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 }),
      handle: handleCacheSocket,
    },
    // Membership and wallet: the cache's message shape and machinery, its own commands.
    '/wallet/v1': {
      wss: new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 }),
      handle: (ws: WebSocket, c: ServerContext, req: IncomingMessage) =>
        handleCacheSocket(ws, c, req, walletRoutes),
    },
    '/relay': {
      // Frames up to the relay's message limit are handled; larger ones (up to this cap) get
      // a NOTICE from the handler instead of a dropped connection.
      wss: new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD }),
      handle: handleRelaySocket,
    },
  } as const;
  for (const { wss, handle } of Object.values(sockets)) {
    wss.on('connection', (ws: WebSocket, req: IncomingMessage) => handle(ws, ctx, req));
  }
  app.server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '/').split('?')[0] as keyof typeof sockets;
    const target = sockets[path];
    if (!target) {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    target.wss.handleUpgrade(req, socket, head, (ws) => target.wss.emit('connection', ws, req));
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  for (const ext of extensions) await ext.listening?.(ctx, { url, port });
  return {
    url,
    port,
    app,
    async close() {
      for (const { wss } of Object.values(sockets)) {
        for (const client of wss.clients) client.terminate();
        wss.close();
      }
      await app.close();
      for (const ext of [...extensions].reverse()) await ext.close?.();
      clearInterval(scoreTimer);
      loopDelay.disable();
      await upstream?.close();
      await ctx.media.close();
      await fanout?.close();
      await store.close();
    },
  };
}
