import type { NostrEvent } from '@swell/nostr';

/**
 * What the devnet's routes and seeding need from the server they run in (`ServerContext` of
 * @swell/server has this shape). The server never imports the devnet: the devnet plugs itself in
 * as a `ServerExtension` (server-extension.ts).
 */
export interface DevnetHost {
  log: {
    info(obj: unknown, msg?: string): void;
    warn(obj: unknown, msg?: string): void;
  };
  /** Live fan-out of accepted events, ephemeral ones included (wallet connect requests). */
  live: { subscribe(listener: (event: NostrEvent) => void): () => void };
  /** The server's ingestion pipeline: one result per event, in order. */
  ingest(
    events: readonly unknown[],
    opts?: { source?: 'relay' | 'import' | 'demo' },
  ): Promise<ReadonlyArray<{ status: string; message: string }>>;
}

/** What demo seeding needs besides ingestion: the name registry and the default account. */
export interface SeedHost extends DevnetHost {
  names: { register(name: string, pubkey: string): Promise<unknown> };
  settings: { setDefaultAccount(pubkey: string): Promise<void> };
}
