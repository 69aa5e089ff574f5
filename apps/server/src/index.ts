export { flag, loadConfig, type ServerConfig } from './config.ts';
export { startServer, type RunningServer, type StartOptions } from './server.ts';
export type { ServerContext, ServerExtension, ListeningAddress } from './context.ts';
export { openStore, type StoreConfig } from './store/open-store.ts';
export type { Store, IngestResult, IngestOptions, StoreDialect } from './store/store.ts';
export type { Database } from './store/schema.ts';
export { importFile, type ImportSummary } from './cli/import-file.ts';
