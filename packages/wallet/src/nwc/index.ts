export { NwcClient } from './nwc-client.ts';
export type { NwcClientOptions, NwcWalletInfo, RequestOptions } from './nwc-client.ts';
export { NwcPayer } from './nwc-payer.ts';
export {
  NwcKind,
  chooseEncryption,
  encryptionOf,
  nwcDecrypt,
  nwcEncrypt,
  parseNwcInfo,
  parseNwcRequest,
  parseNwcResponse,
} from './nwc-protocol.ts';
export type {
  NwcEncryption,
  NwcErrorCode,
  NwcInfo,
  NwcRequest,
  NwcResponse,
} from './nwc-protocol.ts';
export { NwcUriError, formatNwcUri, parseNwcUri, tryParseNwcUri } from './nwc-uri.ts';
export type { NwcConnection, NwcUriProblem } from './nwc-uri.ts';
export type {
  RelayTransport,
  TransportSubscribeOptions,
  TransportSubscription,
} from './relay-transport.ts';
export { WebSocketRelayTransport } from './websocket-relay-transport.ts';
export type { WebSocketRelayTransportOptions } from './websocket-relay-transport.ts';
