/**
 * What the devnet needs from the server it runs in. `ServerContext` of @swell/server has this
 * shape; the devnet does not import the server (the server imports the devnet).
 */
export interface DevnetHost {
  log: {
    info(obj: unknown, msg?: string): void;
    warn(obj: unknown, msg?: string): void;
  };
  /** The server's ingestion pipeline: one result per event, in order. */
  ingest(
    events: readonly unknown[],
    opts?: { source?: 'relay' | 'import' | 'demo' },
  ): Promise<ReadonlyArray<{ status: string; message: string }>>;
}
