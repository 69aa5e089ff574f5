export { generateNetwork, DEFAULT_NOW, DEFAULT_BASE_URL } from './generate-network.ts';
export type { NetworkOptions, DemoNetwork } from './generate-network.ts';
export { demoAccounts } from './demo-accounts.ts';
export type { DemoAccount } from './demo-accounts.ts';
export { CONTENT_TYPES } from './network/content.ts';
export type { ContentType } from './network/content.ts';
export { lnurlServicePubkey } from './keys.ts';
export { InvoiceLedger, LedgerError } from './invoice-ledger.ts';
export type { LedgerInvoice, PaidListener } from './invoice-ledger.ts';
export { zapReceiptTemplate, zapRequestProblem } from './zap.ts';
export {
  mediaAlt,
  mediaBlurhash,
  mediaSvg,
  mediaSize,
  mediaUrl,
  mediaRoot,
  videoUrl,
} from './media.ts';
export { registerDevnet } from './register-devnet.ts';
export type { Devnet } from './register-devnet.ts';
export { NwcWalletService, NWC_METHODS } from './nwc-wallet-service.ts';
export { lightningNameOf, NWC_NOTIFICATIONS } from './nwc-connection.ts';
export type { NwcConnectionSummary, NwcEncryptionMode, NwcMethod } from './nwc-wallet-service.ts';
export { DEFAULT_NWC_BALANCE_SATS } from './nwc-routes.ts';
export { weblnScript } from './webln-routes.ts';
export { nodePreimage } from './node-preimage.ts';
export { registerMediaRoutes as registerDemoMedia } from './media-routes.ts';
export type { DevnetHost, SeedHost } from './host.ts';
export { seedDemoNetwork, publicBaseUrl, DEMO_DEFAULT_ACCOUNT } from './seed.ts';
export type { SeedProgress, SeedReport } from './seed.ts';
export { devnetExtension, loadDevnetOptions } from './server-extension.ts';
export type { DevnetOptions, DevnetState, DevnetServerConfig } from './server-extension.ts';
export { startDevnetServer } from './start.ts';
export { DevnetMint } from './mint/devnet-mint.ts';
export { feeReserveFor, routingFeeFor } from './mint/lightning-fees.ts';
export { MAX_QUOTE_SATS } from './mint/limits.ts';
export type { DevnetMintOptions } from './mint/devnet-mint.ts';
export { DEVNET_MINT_FILE, registerDevnetMint } from './mint/register-mint.ts';
export { MINT_PATH } from './mint/mint-routes.ts';
export { MintError, MintErrorCode } from './mint/mint-error.ts';
export { deriveKeyset, KEYSET_SIZE } from './mint/mint-keysets.ts';
export type { DevnetKeyset } from './mint/mint-keysets.ts';
export { DevnetBunker, bunkerAccount } from './nip46-bunker.ts';
export { DevnetPayments, DEFAULT_DEVNET_USD_PER_BTC } from './devnet-payments.ts';
export { PushInbox } from './push/push-inbox.ts';
export type { ReceivedPush, ForcedAnswer } from './push/push-inbox.ts';
export { PUSH_SERVICE_PATH } from './push/push-routes.ts';
export {
  PushUserAgent,
  PushDecryptError,
  decryptWebPush,
  type SubscriptionJson,
} from './push/push-user-agent.ts';
