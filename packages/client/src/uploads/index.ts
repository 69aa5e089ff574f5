/**
 * @swell/client/uploads: uploading pictures and video, without React. A separate entry, loaded
 * with `import('@swell/client/uploads')` when the user first attaches a file (the first load of
 * /home stays small).
 *
 *   const servers = uploadServers(kind10063Event, location.origin)   // the user's Blossom list, else ours
 *   const task = new UploadTask(file, { sign: (t) => signer.signEvent(t), pubkey, servers, tier })
 *   task.subscribe(...); task.getSnapshot()  // {status, bytes, totalBytes, rate, secondsLeft, result?, error?}
 *   const result = await task.start()        // {url, sha256, mime, width, height, blurhash, imeta, ...}
 *   task.cancel(); task.retry()
 *   // or directly: await uploadFile(file, { ..., signal, onProgress })
 *   // the cache protocol's chunked upload instead: { via: 'cache', cache: client.cache }
 *   await precheckUpload(file, { tier })     // before any byte: UploadError 'file-too-big' | 'unsupported-type'
 *   await listBlobs(server, pubkey, { sign, cursor, limit }); await deleteBlob(server, sha256, { sign })  // media page
 */
export { UploadError, isUploadError, uploadErrorMessage, limitText } from './upload-error.ts';
export type { UploadErrorCode } from './upload-error.ts';
export { precheckUpload, fileNameOf } from './upload-precheck.ts';
export type { CheckedFile, PrecheckOptions, UploadSource } from './upload-precheck.ts';
export { uploadFile } from './upload-file.ts';
export type { UploadOptions, UploadProgress, UploadPhase, UploadResult } from './upload-file.ts';
export { UploadTask } from './upload-task.ts';
export type { UploadSnapshot, UploadStatus } from './upload-task.ts';
export { uploadServers, normalizeServerUrl, BLOSSOM_SERVER_LIST_KIND } from './blossom-servers.ts';
export { blossomAuthorization } from './blossom-auth.ts';
export type { BlossomAuthOptions, BlossomVerb, SignEvent } from './blossom-auth.ts';
export { putToBlossom, ServerRefusal } from './blossom-upload.ts';
export type { BlobDescriptor, BlossomPutOptions } from './blossom-upload.ts';
export { listBlobs, deleteBlob } from './blossom-manage.ts';
export type { ManageOptions } from './blossom-manage.ts';
export { uploadThroughCache, CacheUploadRefused } from './cache-upload.ts';
export type { CacheUploadOptions } from './cache-upload.ts';
export { sha256OfBlob } from './file-hash.ts';
export { imageFacts, browserImageDecoder } from './image-facts.ts';
export type { DecodeImage, DecodedImage, ImageFacts } from './image-facts.ts';
export { imetaTag } from './imeta.ts';
export type { ImetaFields } from './imeta.ts';
export { ProgressMeter } from './progress-meter.ts';
export { sendWithFetch, sendWithXhr, defaultHttpSend, NetworkError } from './put-transport.ts';
export type { HttpSend, HttpAnswer, SendOptions } from './put-transport.ts';
export { UPLOAD_LIMIT_MB, uploadLimitBytes, isUploadableMime } from '@swell/cache-protocol';
