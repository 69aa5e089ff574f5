// Helpers for tests of the server and of what plugs into it (`@swell/server/testing`).
export { startPgCluster, type PgCluster } from './pg-cluster.ts';
export { runShared, runSharedDir } from './run-shared.ts';
export { testServer, TestSocket, type TestServerOverrides } from './test-server.ts';
export * from './cache-client.ts';
export * from './fuzz/index.ts';
