/**
 * @swell/client: networking without React (cache connection, relay pool, signers, key storage,
 * login, activity, local records). apps/web binds these to React with small hooks: every
 * stateful object here is an `Observable` (`subscribe` + `getSnapshot`) for
 * `useSyncExternalStore`.
 *
 * Cache
 *   const cache = new CacheConnection({ url: 'ws://127.0.0.1:8080/v1', noBinary? });
 *   cache.connect(); cache.getSnapshot().status  // 'idle'|'connecting'|'open'|'ready'|'closed'|'sleeping'
 *   await cache.request('user_profile', { pubkey })  // -> { events } ; NOTICE rejects with CacheError
 *   const stop = cache.stream('net_stats', {}, { onEvent, onEose?, onNotice? })  // stop() sends CLOSE; re-sent after reconnects
 *   cache.reset(); cache.setServer(url, noBinary); cache.sleep(); cache.wake(); cache.destroy()
 *   const api = new CacheApi(cache); await api.megaFeed({ id: 'latest', kind: 'notes' }, { user_pubkey, limit: 20 })  // -> FeedPage
 *   (guests: 'latest' needs user_pubkey -> NOTICE 'invalid user_pubkey'; use e.g. all-notes or trending)
 *   Requests made before ready wait (retried every 100 ms) and are re-sent after a reconnect.
 * Errors: ClientError / CacheError with a `code` from `clientErrorCodes` (spec section 8).
 */
export { clientErrorCodes, ClientError, CacheError, isClientError } from './errors.ts';
export type { ClientErrorCode } from './errors.ts';
export { ValueStore } from './store.ts';
export type { Observable } from './store.ts';
export { systemClock, delay } from './clock.ts';
export type { Clock } from './clock.ts';
export { makeSessionId, clientVersion } from './session-id.ts';
export { CacheConnection } from './cache/cache-connection.ts';
export type {
  CacheConnectionOptions,
  CacheConnectionSnapshot,
  CacheConnectionStatus,
  CacheResponse,
  RequestOptions,
  StreamHandlers,
} from './cache/cache-connection.ts';
export type { CacheEvent } from '@swell/cache-protocol';
export { CacheApi } from './cache/cache-api.ts';
export type { Paging } from './cache/cache-api.ts';

// ---- entity store ----------------------------------------------------------------------------
// const store = new EntityStore(); store.ingestPage(page, { requestedAt }); store.ingestEvent(e)
// useSyncExternalStore(store.subscribe, () => store.note(id))  // also user, profile, noteStats,
//   noteActions, repostOf, media, preview, noteTopZaps, verifiedName, userStatsOf, relayHint...
// const c = store.change(eventId, { type: 'like', noteId }); c.confirm(settledAt) | c.rollback()
// const lease = store.retain(noteIds, pubkeys); lease.update(ids); lease.release()  // bounded memory
export { EntityStore } from './store/entity-store.ts';
export type {
  EntityStoreOptions,
  IngestOptions,
  StoreLease,
  OptimisticChange,
} from './store/entity-store.ts';
export type { NoteChange, PendingChange } from './store/note-overlay.ts';

// ---- storage ---------------------------------------------------------------------------------
export { MemoryStorage, readJson, writeJson } from './storage/storage.ts';
export type { StorageLike } from './storage/storage.ts';
export {
  appStorageKeys,
  readAppSettings,
  writeAppSettings,
  cacheServerUrl,
  defaultCacheUrl,
  isWebSocketUrl,
} from './storage/app-settings.ts';
export type { AppLocalSettings } from './storage/app-settings.ts';
export { UserRecordStore, defaultUserRecord, guestKey } from './storage/user-record.ts';
export type { UserRecord, RelaySettings, ThemeName } from './storage/user-record.ts';

// ---- keys, signers, login --------------------------------------------------------------------
// const keys = new KeyStore(localStorage);
// const state = await resolveLogin({ keyStore: keys, onStoredPubkey })  // {pubkey, signer, needsPin, source}
// if (state.needsPin) state = await unlockWithPin(keys, pin)            // 'pin-wrong' on a wrong PIN
// state = await loginWithNsec(keys, pastedNsec, pin?)                   // 'invalid-nsec'; validatePin(pin, again) first
// logout(keys, state.signer); keys.forgetPin()
export { KeyStore, keyStorageKeys, validatePin, parseNsec } from './keys/key-store.ts';
export type { KeyStoreOptions } from './keys/key-store.ts';
export { encryptWithPin, decryptWithPin, isPinEncrypted } from './keys/pin-crypto.ts';
export type { Signer, SignerCipher, Nip07 } from './signers/signer.ts';
export { ExtensionSigner } from './signers/extension-signer.ts';
export { LocalKeySigner } from './signers/local-key-signer.ts';
export { detectExtension } from './signers/detect-extension.ts';
export type { DetectExtensionOptions } from './signers/detect-extension.ts';
export { resolveLogin, unlockWithPin, loginWithNsec, logout } from './signers/resolve-login.ts';
export type { LoginState, ResolveLoginOptions } from './signers/resolve-login.ts';

// ---- relays ----------------------------------------------------------------------------------
// const pool = new RelayPool({ sessionId }); pool.setRelays({ 'wss://r': { read: true, write: true } })
// const sub = pool.subscribeFilters([{ kinds: [1], authors }], { onEvent, onEose }); sub.close()
// await pool.query(filters); pool.getSnapshot()  // url -> { status, attempts, lastError, read, write }
export { RelayPool, normalizeRelayUrl } from './relay/relay-pool.ts';
export type {
  RelayPoolOptions,
  RelayPoolSnapshot,
  PoolRelayState,
  SubscribeOptions,
  PoolSubscription,
} from './relay/relay-pool.ts';
export { RelayConnection, attemptLimitMessage } from './relay/relay-connection.ts';
export type {
  RelayStatus,
  RelaySnapshot,
  RelayConnectionOptions,
} from './relay/relay-connection.ts';
export type {
  PublishJob,
  PublishOutcome,
  PublishReport,
  RelayPublishResult,
} from './relay/relay-publish.ts';
export type { AuthSign, RelayAuthState, RelayAuthStatus } from './relay/relay-auth.ts';
export { relayHints, publishTargets } from './relay/relay-hints.ts';
export {
  relaySettingsFromTags,
  relayTagsFromSettings,
  relaySettingsFromUrls,
  mergeRelaySettings,
} from './relay/relay-list.ts';

// ---- activity --------------------------------------------------------------------------------
// const activity = new ActivityTracker(); activity.add(cache); activity.add(pool); activity.start()
// activity.getSnapshot().state  // 'woke' | 'sleep' | 'waking'
export { ActivityTracker, activityEvents } from './activity/activity-tracker.ts';
export type {
  ActivityState,
  ActivitySnapshot,
  ActivityTarget,
  ActivityTrackerOptions,
  Sleeper,
} from './activity/activity-tracker.ts';

// ---- everything wired --------------------------------------------------------------------------
// const client = createSwellClient({ storage: localStorage, origin: location.origin, activityTarget: window })
export { createSwellClient } from './swell-client.ts';
export type { SwellClient, SwellClientOptions } from './swell-client.ts';
