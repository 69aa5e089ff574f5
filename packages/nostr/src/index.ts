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
  signSchnorr,
} from './event.ts';
export {
  initVerifier,
  verifierKind,
  verifyEvent,
  verifyEventJs,
  verifyEventWasm,
  verifySchnorr,
  verifyEventDetailed,
} from './verify.ts';
export type { VerifyOutcome } from './verify.ts';
export { validateEvent, checkEvent, signatureRangeProblem } from './validate.ts';
export { matchFilter, matchFilters } from './filter.ts';
export { getTagValue, getTagValues, getDTag, eventCoordinate, parseCoordinate } from './tags.ts';
export { replyTo, threadRoot, parseThreadRefs } from './threads.ts';
export type { ThreadRefs } from './threads.ts';
export { invoiceAmountMsats, invoiceAmountSats } from './bolt11.ts';
export { decodeInvoice } from './bolt11-decode.ts';
export type { DecodedInvoice } from './bolt11-decode.ts';
export { parseZapReceipt } from './zap-receipt.ts';
export type { ZapReceipt } from './zap-receipt.ts';
export * as nip19 from './nip19.ts';
export { Nip19Error, pubkeyFromNip19, NIP19_TYPES } from './nip19.ts';
export { parseSecretKey } from './secret-key.ts';
export type {
  Nip19Entity,
  Nip19Type,
  Nip19ErrorCode,
  ProfilePointer,
  EventPointer,
  AddressPointer,
} from './nip19.ts';
export { decodeNostrUri, tryDecodeNostrUri, toNostrUri } from './nip21.ts';
export type { NostrUriEntity } from './nip21.ts';
export {
  tokenize,
  extractHashtags,
  trimUrl,
  detectEmbed,
  EMBED_HEIGHTS,
  mediaTypeOfUrl,
  urlExtension,
} from './tokenizer/index.ts';
export type { Segment, SegmentType, EmbedProvider, Embed } from './tokenizer/index.ts';
export { parseProfile, emptyUser, userDisplayName } from './profile.ts';
export type { User } from './profile.ts';
export {
  parseArticle,
  countWords,
  articlePublishedAt,
  readingMinutes,
  WORDS_PER_MINUTE,
} from './article.ts';
export type { Article } from './article.ts';
export {
  articleSlug,
  articleIdentifier,
  articleTemplate,
  unpublishTemplate,
  MAX_SLUG_LENGTH,
} from './article-template.ts';
export type { ArticleInput } from './article-template.ts';
export { contentReferences } from './content-tags.ts';
export { commentTemplate, parseComment, commentTargetKey } from './comment.ts';
export type { CommentInput, CommentRefs, CommentTarget } from './comment.ts';
export {
  highlightTemplate,
  parseHighlight,
  highlightContext,
  cleanSourceUrl,
} from './highlight.ts';
export type { Highlight, HighlightInput, HighlightSource } from './highlight.ts';
export {
  draftWrapTemplate,
  draftDeletionTemplate,
  openDraftWrap,
  DraftWrapError,
} from './draft-wrap.ts';
export type { Draft, DraftWrapInput, OpenedDraft } from './draft-wrap.ts';
export type { ContentReference } from './content-tags.ts';
export { formatNumber, formatBytes, relativeTime, formatRelativeTime } from './format.ts';
export type { RelativeTime } from './format.ts';
export { isNip04Payload, nip04Encrypt, nip04Decrypt, nip04SharedKey } from './nip04.ts';
export {
  NIP44_LIMITS,
  Nip44Error,
  getConversationKey,
  getMessageKeys,
  calcPaddedLen,
  nip44Encrypt,
  nip44Decrypt,
  nip44EncryptTo,
  nip44DecryptFrom,
} from './nip44.ts';
export {
  makeZapRequest,
  validateZapRequest,
  zapRequestAmountMsats,
  ZapRequestErrors,
} from './zap-request.ts';
export type { ZapRequestParams, ZapRequestError } from './zap-request.ts';
export {
  makeHttpAuth,
  httpAuthHeader,
  verifyHttpAuth,
  payloadHash,
  HTTP_AUTH_WINDOW_SECONDS,
} from './nip98.ts';
export type { HttpAuthRequest, HttpAuthResult } from './nip98.ts';
export { parseNip05, formatNip05, nip05Url, queryNip05, verifyNip05 } from './nip05.ts';
export type { Nip05Address, Nip05Fetch, Nip05Lookup, Nip05Status } from './nip05.ts';
export {
  CHAT_MESSAGE_KIND,
  SEAL_KIND,
  GIFT_WRAP_KIND,
  DM_RELAYS_KIND,
  TWO_DAYS,
  GiftWrapError,
  randomPastTime,
  makeRumor,
  chatMessageRumor,
  sealTemplate,
  wrapSeal,
  giftWrapRecipient,
  parseRumor,
  openGiftWrap,
} from './nip59.ts';
export type { Rumor, Nip44Decrypt, Nip44Encrypt, OpenedGiftWrap } from './nip59.ts';
export {
  NIP46_KIND,
  Nip46Error,
  parseBunkerUrl,
  bunkerUrl,
  nostrConnectUri,
  parseNostrConnectUri,
  nip46Event,
  openNip46Event,
  isNip46Request,
} from './nip46.ts';
export type {
  BunkerPointer,
  NostrConnectParams,
  Nip46Request,
  Nip46Response,
  Nip46Message,
} from './nip46.ts';
export { parseImeta, imetaOf, imetaTag } from './imeta.ts';
export type { Imeta, ImetaFields } from './imeta.ts';
export {
  POLL_LIMITS,
  parsePoll,
  isPollClosed,
  pollTemplate,
  parsePollResponse,
  pollChoices,
  isInPollTime,
  isNewerResponse,
  pollResponseTemplate,
  tallyPoll,
} from './polls.ts';
export type { Poll, PollOption, PollType, PollParams, PollResponse, PollTally } from './polls.ts';
export {
  parseZapPoll,
  isZapPollClosed,
  isZapPollAmount,
  zapPollOptionOf,
  zapPollVoteTag,
  zapPollVoteOf,
  tallyZapPoll,
} from './zap-polls.ts';
export type { ZapPoll, ZapPollTally, ZapPollVote } from './zap-polls.ts';
export {
  VIDEO_KINDS,
  MEDIA_EVENT_KINDS,
  PICTURE_MIME_TYPES,
  isVideoKind,
  parsePicturePost,
  parseVideoEvent,
  videoKindFor,
  picturePostTemplate,
  videoEventTemplate,
} from './media-events.ts';
export type { PicturePost, VideoEvent, MediaPostParams } from './media-events.ts';
export {
  altText,
  parseAppHandler,
  handlerLink,
  appHandlerFilter,
  appRecommendationFilter,
  parseAppRecommendation,
} from './app-handlers.ts';
export type { AppHandler, HandlerUrl, HandlerEntity, AppRecommendation } from './app-handlers.ts';
export {
  NCRYPTSEC_PREFIX,
  NIP49_DEFAULT_LOG_N,
  NIP49_MAX_LOG_N,
  KeySecurity,
  Nip49Error,
  normalizePassword,
  isNcryptsec,
  parseNcryptsec,
  nip49Encrypt,
  nip49EncryptAsync,
  nip49Decrypt,
  nip49DecryptAsync,
} from './nip49.ts';
export type {
  KeySecurityByte,
  Nip49ErrorCode,
  NcryptsecParts,
  DecryptedNcryptsec,
  Nip49EncryptOptions,
} from './nip49.ts';
export {
  NUTZAP_INFO_KIND,
  NUTZAP_KIND,
  MAX_NUTZAP_PROOFS,
  normalizeMintUrl,
  compressedLockKey,
  parseNutzapInfo,
  nutzapInfoTemplate,
  infoMintFor,
  proofLockKey,
  parseNutzap,
  nutzapTemplate,
} from './nip61.ts';
export type { NutzapInfo, NutzapProof, Nutzap, NutzapDraft } from './nip61.ts';
