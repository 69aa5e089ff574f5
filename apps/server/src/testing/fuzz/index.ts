// The socket fuzzer (`socket-fuzz.test.ts`, `npm run fuzz`, and the process-level test of the
// devnet): frames built from seeds, edited by fast-check, sent one at a time and checked against
// the protocol.
export { oddValue, mutated, keysOf, type Json } from './json-mutation.ts';
export {
  CACHE_TEMPLATES,
  WALLET_TEMPLATES,
  domainValues,
  eventTemplates,
  filterTemplates,
  recordedRequests,
  signed,
  type RequestSeed,
} from './seeds.ts';
export { cacheFrames, relayFrames, type FuzzFrame } from './frames.ts';
export { SocketProbe, leaksInternalError, type ProbeOptions } from './socket-probe.ts';
export {
  fuzzSettings,
  fuzzSockets,
  type FuzzSeeds,
  type FuzzSettings,
  type SocketFuzzReport,
} from './fuzz-run.ts';
