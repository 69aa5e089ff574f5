export { isSignedEvent, type CacheEvent, type SignedEvent } from './event.ts';
export { ResultKind, EventKind, POST_KINDS, ORDER_BY, type OrderBy } from './result-kind.ts';
export * from './results.ts';
export {
  CACHE_COMMANDS,
  STREAMING_COMMANDS,
  MAX_LIMIT,
  isCacheCommand,
  type CacheCommand,
  type CachePayloads,
  type PageParams,
  type Personal,
  type FeedNotes,
  type ExploreTimeframe,
  type ExploreScope,
  type NotificationTypeGroup,
} from './commands.ts';
export {
  reqFrame,
  closeFrame,
  setProtocolFrame,
  deflateFrame,
  inflateFrame,
  parseServerMessage,
  type ServerMessage,
} from './frames.ts';
export {
  resultEvent,
  rawResultEvent,
  referencedEvent,
  feedRangeEvent,
  dmCountEvent,
  notificationCountsEvent,
  userRelaysEvent,
  eventMessage,
  eventsMessage,
  eoseMessage,
  noticeMessage,
} from './encode.ts';
export { emptyPage, type FeedPage } from './feed-page.ts';
export { decodePage, PageBuilder } from './decode-page.ts';
export { parseFeedSpec, type FeedSpec } from './feed-spec.ts';
export { nextPage, newerPosts, type NextPage } from './paging.ts';
export { shownNoteId } from './shown-note.ts';
export {
  MB,
  UPLOAD_LIMIT_MB,
  UPLOADABLE_MIME_TYPES,
  UPLOAD_REQUEST_KIND,
  uploadLimitBytes,
  isUploadableMime,
  uploadChunkSize,
  type UploadTier,
  type UploadChunkContent,
  type UploadCompleteContent,
  type UploadCancelContent,
} from './uploads.ts';
export * from './membership.ts';
export * from './push.ts';
