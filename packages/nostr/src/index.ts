export type { NostrEvent, EventTemplate, UnsignedEvent, Filter, EventCheck } from './types.ts';
export { Kind, isReplaceable, isEphemeral, isAddressable, isRegular } from './kinds.ts';
export type { KindName } from './kinds.ts';
export { isHex64, isHex128, isHex } from './hex.ts';
export {
  serializeEvent,
  getEventHash,
  generateSecretKey,
  getPublicKey,
  finalizeEvent,
  signEventDeterministic,
} from './event.ts';
export {
  initVerifier,
  verifierKind,
  verifyEvent,
  verifyEventJs,
  verifyEventWasm,
} from './verify.ts';
export { validateEvent, checkEvent, signatureRangeProblem } from './validate.ts';
export { matchFilter, matchFilters } from './filter.ts';
export { getTagValue, getTagValues, getDTag, eventCoordinate, parseCoordinate } from './tags.ts';
export { replyTo, threadRoot, parseThreadRefs } from './threads.ts';
export type { ThreadRefs } from './threads.ts';
export { invoiceAmountMsats, invoiceAmountSats, decodeInvoice } from './bolt11.ts';
export type { DecodedInvoice } from './bolt11.ts';
export { parseZapReceipt } from './zap-receipt.ts';
export type { ZapReceipt } from './zap-receipt.ts';
