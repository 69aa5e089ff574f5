// Web Push from this server (`@swell/client/push`), loaded by Settings > Notifications when used.
export { PushClient, PushPresence, type PushClientOptions } from './push-client.ts';
export type {
  PushConfig,
  PushMessage,
  PushPreferences,
  PushSubscriptionInfo,
  WebPushSubscription,
} from '@swell/cache-protocol';
