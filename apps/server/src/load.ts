import type { ServerConfig } from './config.ts';
import { WorkGate, type GateStats } from './cache/work-gate.ts';
import { FilterBudget } from './relay/filter-budget.ts';
import { ConnectionCaps } from './net/connection-caps.ts';
import { IntakeBudget } from './net/intake-budget.ts';
import { relayLimits } from './relay/socket.ts';

const MiB = 1024 * 1024;

/** The budgets that keep the server up under load, shared by every connection. */
export interface ServerLoad {
  /**
   * Global budget of reads for clients (turns, queue, memory): cache requests and relay REQ and
   * COUNT queries take their turns from it, so neither endpoint's flood starves the other.
   */
  workGate: WorkGate;
  /** Live relay filters, all connections. */
  relayFilters: FilterBudget;
  /** What each client address may send the relay, all its connections together. */
  relayIntake: IntakeBudget;
  /** Open websockets per client, per endpoint. */
  connections: { cache: ConnectionCaps; relay: ConnectionCaps; wallet: ConnectionCaps };
  counters: {
    /** Cache requests stopped before their answer (CLOSE, disconnect, time budget). */
    cancelled: number;
    /** Cache clients dropped for not reading their answers. */
    slowReaders: number;
    /** Queries a cancelled cache request did not run (it stopped at them). */
    cancelledQueries: number;
    /** Websocket upgrades refused for a disallowed Origin. */
    originsRefused: number;
  };
}

export function createServerLoad(config: ServerConfig): ServerLoad {
  const limits = () => config.limits;
  return {
    workGate: new WorkGate(() => ({
      units: limits().cacheWorkUnits,
      queue: limits().cacheQueue,
      queuePerClient: 64,
      heapBudgetBytes: limits().heapBudgetMb * MiB,
      // Unread output of all clients together: a quarter of the heap budget.
      outboundBudgetBytes: Math.floor((limits().heapBudgetMb * MiB) / 4),
    })),
    relayFilters: new FilterBudget(
      () => limits().relayFilterBytes,
      () => limits().relayFilterShare,
    ),
    relayIntake: new IntakeBudget(() => ({
      bytesPerSecond: relayLimits().addressBytesPerSecond,
      burstBytes: relayLimits().addressBurstBytes,
    })),
    connections: {
      cache: new ConnectionCaps(() => limits().connectionsPerAddress),
      relay: new ConnectionCaps(() => limits().connectionsPerAddress),
      wallet: new ConnectionCaps(() => limits().connectionsPerAddress),
    },
    counters: { cancelled: 0, slowReaders: 0, cancelledQueries: 0, originsRefused: 0 },
  };
}

/** The load figures of /health. */
export function loadReport(load: ServerLoad, config: ServerConfig): Record<string, unknown> {
  const gate: GateStats = load.workGate.snapshot();
  const mem = process.memoryUsage();
  return {
    cache: {
      ...gate,
      outbound_bytes: load.workGate.outboundBytes(),
      cancelled: load.counters.cancelled,
      cancelled_queries: load.counters.cancelledQueries,
      slow_readers_dropped: load.counters.slowReaders,
      connections: load.connections.cache.total,
      connections_refused: load.connections.cache.refused,
      origins_refused: load.counters.originsRefused,
    },
    relay: {
      filter_bytes: load.relayFilters.used,
      /** Held by the one client address holding the most. */
      filter_bytes_largest_client: load.relayFilters.largestClient(),
      filters_refused: load.relayFilters.refused,
      filters_refused_share: load.relayFilters.refusedShare,
      /** Times a connection stopped being read because its address sent past its rate. */
      intake_pauses: load.relayIntake.paused,
      connections: load.connections.relay.total,
      connections_refused: load.connections.relay.refused,
    },
    memory: {
      heap_used_mb: Math.round(mem.heapUsed / MiB),
      rss_mb: Math.round(mem.rss / MiB),
      heap_budget_mb: config.limits.heapBudgetMb,
    },
  };
}
