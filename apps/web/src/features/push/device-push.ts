import {
  PushClient,
  type PushConfig,
  type PushPreferences,
  type PushSubscriptionInfo,
  type WebPushSubscription,
} from '@swell/client/push';
import type { Signer } from '@swell/client';
import { swell } from '@/data/client.ts';
import { pushRecord, setPushRecord } from '@/features/push/push-record.ts';

/**
 * This browser and Web Push (cache-protocol.md section 8a): the browser's side (permission,
 * `pushManager`) with the server's (`@swell/client/push`, each call signed by the user).
 * Loaded by Settings > Notifications, the focus reports and sign-out, never at start.
 */

/** Why this browser cannot take pushes here. */
export type PushUnavailable = 'browser' | 'worker';

/** The user refused notifications (`denied`: blocked for the site) or closed the prompt. */
export class PushPermissionError extends Error {
  readonly denied: boolean;
  constructor(denied: boolean) {
    super(denied ? 'notifications are blocked' : 'permission not given');
    this.denied = denied;
  }
}

/** The browser's push service never answered `subscribe` (none reachable). */
export class PushServiceError extends Error {}

const SUBSCRIBE_TIMEOUT_MS = 30_000;
/** The worker installs (precaching the first load) before it is ready; a slow one still is. */
const WORKER_WAIT_MS = 30_000;

export function pushClient(signer?: Signer | null): PushClient {
  const s = signer ?? swell().session.signer;
  if (!s) throw new Error('sign in to use push notifications');
  return new PushClient({ connection: swell().cache, signer: s });
}

/** The app's service worker registration, or why push cannot work in this browser. */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | PushUnavailable> {
  if (
    !window.isSecureContext ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  )
    return 'browser';
  // Registered after the page loaded (app/service-worker.ts); none in a dev server.
  if (!import.meta.env.PROD) return 'worker';
  const ready = navigator.serviceWorker.ready;
  const registration = await Promise.race([
    ready,
    new Promise<undefined>((resolve) => setTimeout(resolve, WORKER_WAIT_MS)),
  ]);
  return registration ?? 'worker';
}

const base64url = (bytes: ArrayBuffer | null | undefined) =>
  bytes
    ? btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    : '';

const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/** A browser subscription as the server takes it. */
export function subscriptionJson(subscription: PushSubscription): WebPushSubscription {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) throw new Error('the browser gave no subscription keys');
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}

/** Asks for the permission only when it is not settled yet (the switch was just turned on). */
async function askPermission(): Promise<void> {
  if (Notification.permission === 'granted') return;
  if (Notification.permission === 'denied') throw new PushPermissionError(true);
  const answer = await Notification.requestPermission();
  if (answer !== 'granted') throw new PushPermissionError(answer === 'denied');
}

/** This browser's subscription made with the server's key (another key's is dropped). */
async function browserSubscription(
  registration: ServiceWorkerRegistration,
  config: PushConfig,
): Promise<PushSubscription> {
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    if (base64url(existing.options.applicationServerKey) === config.vapid_public_key)
      return existing;
    await existing.unsubscribe();
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: fromBase64url(config.vapid_public_key),
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new PushServiceError('the push service did not answer')),
          SUBSCRIBE_TIMEOUT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Turns push on for this browser: the permission (asked now, only if not given yet), the
 * browser's subscription with the server's VAPID key, registered for the user with these
 * preferences.
 */
export async function turnOnPush(
  pubkey: string,
  registration: ServiceWorkerRegistration,
  preferences?: PushPreferences,
): Promise<PushSubscriptionInfo> {
  await askPermission();
  const client = pushClient();
  const config = await client.config();
  const subscription = await browserSubscription(registration, config);
  const info = await client.subscribe(subscriptionJson(subscription), preferences);
  const record = pushRecord(pubkey);
  setPushRecord(pubkey, {
    endpoint: info.endpoint,
    devices: Math.max(1, (record?.devices ?? 0) + (record?.endpoint === info.endpoint ? 0 : 1)),
  });
  return info;
}

/** Changes this browser's preferences on the server. */
export async function setPushPreferences(
  registration: ServiceWorkerRegistration,
  preferences: PushPreferences,
): Promise<PushSubscriptionInfo> {
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) throw new Error('push is off on this device');
  return pushClient().subscribe(subscriptionJson(subscription), preferences);
}

/**
 * Removes a device of the user on the server; when it is this browser, its subscription too
 * (after the server's answer, so a failure leaves it on and says so).
 */
export async function removePushDevice(
  pubkey: string,
  endpoint: string,
  registration: ServiceWorkerRegistration | null,
  signer?: Signer | null,
): Promise<void> {
  await pushClient(signer).unsubscribe(endpoint);
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription?.endpoint === endpoint) await subscription.unsubscribe();
  const record = pushRecord(pubkey);
  if (record)
    setPushRecord(pubkey, {
      ...(record.endpoint && record.endpoint !== endpoint ? { endpoint: record.endpoint } : {}),
      devices: Math.max(0, record.devices - 1),
    });
}

/** The user's devices on the server (and the count remembered for focus reports). */
export async function listPushDevices(pubkey: string): Promise<PushSubscriptionInfo[]> {
  const devices = await pushClient().subscriptions();
  const record = pushRecord(pubkey);
  const endpoint = record?.endpoint;
  setPushRecord(pubkey, {
    ...(endpoint && devices.some((d) => d.endpoint === endpoint) ? { endpoint } : {}),
    devices: devices.length,
  });
  return devices;
}

/**
 * Sign-out: this browser's device is removed on the server (with the signer still there, at
 * most `waitMs`), and the browser's subscription is dropped whatever the server said (a push
 * to it then gets 410 from the push service, and the server forgets it).
 */
export async function leavePush(pubkey: string, signer: Signer, waitMs = 4000): Promise<void> {
  const record = pushRecord(pubkey);
  setPushRecord(pubkey, null);
  if (!record?.endpoint || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  await Promise.race([
    pushClient(signer)
      .unsubscribe(record.endpoint)
      .catch(() => false),
    new Promise((resolve) => setTimeout(resolve, waitMs)),
  ]);
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription?.endpoint === record.endpoint)
    await subscription.unsubscribe().catch(() => false);
}

/**
 * The push service renewed or dropped this browser's subscription (the worker's
 * `pushsubscriptionchange`, or a change while no window was open): the new endpoint is
 * registered with the old one's preferences and the old one removed.
 */
export async function reconcilePush(pubkey: string): Promise<void> {
  const record = pushRecord(pubkey);
  if (!record?.endpoint || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  const subscription = await registration.pushManager.getSubscription();
  if (subscription?.endpoint === record.endpoint) return;
  const client = pushClient();
  if (subscription && Notification.permission === 'granted') {
    const old = (await client.subscriptions()).find((d) => d.endpoint === record.endpoint);
    const info = await client.subscribe(subscriptionJson(subscription), old?.preferences);
    setPushRecord(pubkey, { endpoint: info.endpoint, devices: record.devices });
  } else setPushRecord(pubkey, { devices: Math.max(0, record.devices - 1) });
  await client.unsubscribe(record.endpoint);
}
