// Helpers for tests and benchmarks (not used by the running server).
export { startPgCluster, type PgCluster } from './pg-cluster.ts';
