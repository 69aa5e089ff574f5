export { flag, loadConfig, type ServerConfig, type ServerLimits } from './config.ts';
export {
  SOCKET_MAX_PAYLOAD,
  startServer,
  type RunningServer,
  type StartOptions,
} from './server.ts';
export type { ServerContext, ServerExtension, ListeningAddress } from './context.ts';
export { openStore, type StoreConfig } from './store/open-store.ts';
export type { Store, IngestResult, IngestOptions, StoreDialect } from './store/store.ts';
export type { Database } from './store/schema.ts';
export { importFile, type ImportSummary } from './cli/import-file.ts';
export { NameRegistry, NameError, normaliseName } from './names/name-registry.ts';
export type { NameRecord, NameErrorCode } from './names/name-registry.ts';
export { ServerSettings } from './settings/server-settings.ts';
export { installCrashGuards } from './crash-guard.ts';
export { exitOnStartFailure } from './start-failure.ts';
export { MembershipService, MembershipError } from './membership/membership-service.ts';
export type {
  PaymentProvider,
  ProvidedInvoice,
  PaidInvoice,
} from './membership/payment-provider.ts';
export { PAYMENTS_NOT_CONFIGURED } from './membership/payment-provider.ts';
export type { MemberMediaLibrary, MediaPage } from './membership/media-library.ts';
export {
  acceptUserRequest,
  checkUserRequest,
  MemoryReplayGuard,
  UserRequestError,
  USER_REQUEST_WINDOW_SECONDS,
} from './auth/user-request.ts';
export type {
  ClaimOutcome,
  ProofDeps,
  ProofLedger,
  UserRequestRules,
} from './auth/user-request.ts';
export { StoredReplayGuard } from './auth/stored-replay-guard.ts';
export { lnurlError, type LightningFallback } from './lightning/lightning-addresses.ts';
