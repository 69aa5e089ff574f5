import type { PushActor, PushMessage } from '@swell/cache-protocol';

/**
 * The service worker's Web Push part (cache-protocol.md section 8a): `push` shows what the
 * server sent, `notificationclick` opens its screen, `pushsubscriptionchange` subscribes again.
 * build/service-worker.ts strips the types of this file and puts it into `sw.js` with the
 * strings, so it imports nothing at run time (types only) and is plain browser code; the
 * functions are exported for the unit tests.
 */

/** The strings a notification is made of: the Notifications screen's and the push ones. */
export interface PushStrings {
  /** i18n/en/notifications.ts */
  notifications: {
    actors: { one: string; two: string; many_one: string; many_other: string };
    followed: string;
    unfollowed: string;
    mentioned: string;
    quoted: string;
    verb: Record<'zapped' | 'liked' | 'reposted' | 'replied', Record<Scope, string>>;
    sats: string;
    someone: string;
  };
  /** i18n/en/push-notifications.ts */
  pushNotifications: {
    message_one: string;
    message_other: string;
    messageFrom_one: string;
    messageFrom_other: string;
    digest_one: string;
    digest_other: string;
    digestFrom: string;
    generic: string;
  };
}

type Scope = 'yours' | 'mentioned-you' | 'quoted-yours';

/** What a shown notification keeps, to group the next one of its tag with it and to open it. */
export interface PushNotificationData {
  url: string;
  /** How many pushes this notification stands for. */
  count: number;
  /** Who they came from, most recent first (at most 3). */
  names: string[];
}

export interface ShownNotification {
  title: string;
  options: {
    body: string;
    tag: string;
    icon: string;
    badge: string;
    timestamp: number;
    renotify: boolean;
    data: PushNotificationData;
  };
}

const APP_ICON = '/icons/icon-192.png';

/** `{{name}}` placeholders filled. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Only a path of this app: a push can never send a click elsewhere. */
export function safeAppPath(url: unknown): string {
  return typeof url === 'string' && /^\/(?![/\\])[\w\-./?=&%:]*$/.test(url)
    ? url
    : '/notifications';
}

/** A plain one-line name (the server sends one; checked again here). */
const cleanName = (name: unknown): string | undefined => {
  if (typeof name !== 'string') return undefined;
  const plain = name
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  return plain ? plain.slice(0, 64) : undefined;
};

const actorOf = (v: unknown): PushActor | undefined => {
  if (!isRecord(v) || typeof v.pubkey !== 'string') return undefined;
  const name = cleanName(v.name);
  const picture =
    typeof v.picture === 'string' &&
    /^https:\/\/[^\s"'<>]+$/.test(v.picture) &&
    v.picture.length <= 512
      ? v.picture
      : undefined;
  return { pubkey: v.pubkey, ...(name ? { name } : {}), ...(picture ? { picture } : {}) };
};

/** A push's plaintext as a PushMessage, or undefined when it is not one. */
export function readPushMessage(value: unknown): PushMessage | undefined {
  if (!isRecord(value) || value.v !== 1 || typeof value.id !== 'string') return undefined;
  const created_at = typeof value.created_at === 'number' ? value.created_at : 0;
  const url = safeAppPath(value.url);
  const from = actorOf(value.from);
  if (value.kind === 'notification' && typeof value.type === 'number' && from)
    return {
      v: 1,
      kind: 'notification',
      id: value.id,
      type: value.type,
      created_at,
      from,
      ...(typeof value.note === 'string' ? { note: value.note } : {}),
      ...(typeof value.sats === 'number' ? { sats: value.sats } : {}),
      url,
    };
  if (value.kind === 'dm')
    return { v: 1, kind: 'dm', id: value.id, created_at, ...(from ? { from } : {}), url };
  if (value.kind === 'digest' && typeof value.count === 'number') {
    const types: Record<string, number> = {};
    if (isRecord(value.types))
      for (const [k, n] of Object.entries(value.types)) if (typeof n === 'number') types[k] = n;
    return {
      v: 1,
      kind: 'digest',
      id: value.id,
      created_at,
      count: value.count,
      types,
      ...(from ? { from } : {}),
      url,
    };
  }
  return undefined;
}

/**
 * The tag a push is shown under: a newer notification of the same tag replaces the shown one
 * (grouped, "Bob and 2 others liked your note"). Likes, reposts and zaps group per note,
 * follows all together, messages per sender, digests into one; replies, mentions and quotes
 * are each their own (each opens another note).
 */
export function pushTag(message: PushMessage): string {
  if (message.kind === 'digest') return 'swell-digest';
  if (message.kind === 'dm') return `swell-dm:${message.from?.pubkey ?? 'sealed'}`;
  const base = message.type % 100;
  if (message.type === 1 || message.type === 2) return `swell-n:${message.type}`;
  if (base >= 3 && base <= 5) return `swell-n:${message.type}:${message.note ?? message.id}`;
  return `swell-n:${message.type}:${message.id}`;
}

function actorsText(s: PushStrings, names: string[], count: number): string {
  const [a = s.notifications.someone, b = s.notifications.someone] = names;
  if (count <= 1) return fill(s.notifications.actors.one, { a });
  if (count === 2 && names.length >= 2) return fill(s.notifications.actors.two, { a, b });
  const others = count - 1;
  return fill(others === 1 ? s.notifications.actors.many_one : s.notifications.actors.many_other, {
    a,
    count: others,
  });
}

const verbs = ['zapped', 'liked', 'reposted', 'replied'] as const;

/** The sentence of a notification type (as the Notifications screen says it). */
function sentence(s: PushStrings, type: number, actors: string): string {
  const n = s.notifications;
  if (type === 1) return fill(n.followed, { actors });
  if (type === 2) return fill(n.unfollowed, { actors });
  if (type === 7) return fill(n.mentioned, { actors });
  if (type === 8) return fill(n.quoted, { actors });
  const scope: Scope = type > 200 ? 'quoted-yours' : type > 100 ? 'mentioned-you' : 'yours';
  const verb = verbs[type > 100 ? (type % 100) - 1 : type - 3];
  return verb ? fill(n.verb[verb][scope], { actors }) : fill(n.mentioned, { actors });
}

/**
 * The notification for a push: who and what, the sender's avatar as its icon, grouped with the
 * one already shown under its tag (`earlier`). A direct message says only who it is from.
 */
export function pushNotification(
  message: PushMessage,
  earlier: PushNotificationData | undefined,
  s: PushStrings,
): ShownNotification {
  const tag = pushTag(message);
  const previous = earlier && typeof earlier.count === 'number' ? earlier : undefined;
  const name = message.from?.name ?? s.notifications.someone;
  const add = message.kind === 'digest' ? message.count : 1;
  const count = message.kind === 'digest' ? add : (previous?.count ?? 0) + add;
  const names = [name, ...(previous?.names ?? []).filter((n) => n !== name)].slice(0, 3);
  let title: string;
  let body = '';
  if (message.kind === 'digest') {
    title = fill(count === 1 ? s.pushNotifications.digest_one : s.pushNotifications.digest_other, {
      count,
    });
    if (message.from?.name)
      body = fill(s.pushNotifications.digestFrom, { name: message.from.name });
  } else if (message.kind === 'dm') {
    const p = s.pushNotifications;
    title = message.from?.name
      ? fill(count === 1 ? p.messageFrom_one : p.messageFrom_other, { name, count })
      : fill(count === 1 ? p.message_one : p.message_other, { count });
  } else {
    title = sentence(s, message.type, actorsText(s, names, count));
    if (message.sats !== undefined && count === 1)
      body = fill(s.notifications.sats, { sats: message.sats.toLocaleString('en') });
  }
  return {
    title,
    options: {
      body,
      tag,
      icon: message.from?.picture ?? APP_ICON,
      badge: APP_ICON,
      timestamp: message.created_at * 1000,
      renotify: previous !== undefined,
      data: { url: message.url, count, names },
    },
  };
}

// The service worker's side, on its global scope (only the parts used here are typed).

interface WindowClientLike {
  url: string;
  focused: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
  postMessage(message: unknown, transfer?: Transferable[]): void;
}
interface NotificationLike {
  data: unknown;
  close(): void;
}
interface ExtendableEventLike {
  waitUntil(p: Promise<unknown>): void;
}
interface PushScope {
  registration: {
    showNotification(title: string, options: object): Promise<void>;
    getNotifications(filter?: { tag?: string }): Promise<NotificationLike[]>;
    pushManager: {
      subscribe(options: object): Promise<unknown>;
    };
  };
  clients: {
    matchAll(options: object): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  location: { origin: string };
  addEventListener(type: string, listener: (event: never) => void): void;
}

/** Shows a push, unless a window of the app has focus (the app shows it there itself). */
export async function showPush(
  scope: PushScope,
  data: { json(): unknown } | null,
  s: PushStrings,
): Promise<void> {
  let value: unknown;
  try {
    value = data?.json();
  } catch {
    value = undefined;
  }
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.some((w) => w.focused)) return;
  const message = readPushMessage(value);
  if (!message) {
    await scope.registration.showNotification(s.pushNotifications.generic, {
      tag: 'swell-generic',
      icon: APP_ICON,
      data: { url: '/notifications', count: 1, names: [] },
    });
    return;
  }
  const tag = pushTag(message);
  const [shown] = await scope.registration.getNotifications({ tag });
  const earlier =
    shown && isRecord(shown.data) ? (shown.data as unknown as PushNotificationData) : undefined;
  const { title, options } = pushNotification(message, earlier, s);
  await scope.registration.showNotification(title, options);
}

/** How long an open window has to say it took a click's screen before it is reloaded there. */
const OPEN_ANSWER_MS = 2000;

/** Tells a window to open a screen; resolves whether it said it did. */
function askToOpen(target: WindowClientLike, url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), OPEN_ANSWER_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve(true);
    };
    target.postMessage({ type: 'swell-open', url }, [channel.port2]);
  });
}

/**
 * A click: the app's window (one already open on the origin) is focused and opens the screen
 * itself, keeping its state; one that does not answer (still starting, or without the push
 * part) is navigated there; with no window, a new one opens on that screen.
 */
export async function openNotification(
  scope: PushScope,
  notification: NotificationLike,
): Promise<void> {
  notification.close();
  const url = safeAppPath(isRecord(notification.data) ? notification.data.url : undefined);
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const own = windows.filter((w) => w.url.startsWith(`${scope.location.origin}/`));
  const target = own.find((w) => w.focused) ?? own[0];
  if (!target) {
    await scope.clients.openWindow(url);
    return;
  }
  // Only a real click may focus a window; the screen opens either way.
  await target.focus().catch(() => undefined);
  if (await askToOpen(target, url)) return;
  await target.navigate(url).catch(() => scope.clients.openWindow(url));
}

/**
 * The push service changed the subscription (expired, renewed): subscribe again with the same
 * server key, then tell open windows. Registering the new endpoint needs the user's signature,
 * so the app does it (at once when a window is open, else when one opens: it compares the
 * browser's subscription with the endpoint it registered); the old endpoint is forgotten by the
 * server at its next 404/410.
 */
export async function renewSubscription(
  scope: PushScope,
  event: {
    oldSubscription?: { options?: { applicationServerKey?: unknown } } | null;
    newSubscription?: unknown;
  },
): Promise<void> {
  const key = event.oldSubscription?.options?.applicationServerKey;
  if (!event.newSubscription && key)
    await scope.registration.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: key })
      .catch(() => undefined);
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const w of windows) w.postMessage({ type: 'swell-push-changed' });
}

/** Adds the push listeners to the worker's scope. */
export function listenForPushes(scope: PushScope, s: PushStrings): void {
  scope.addEventListener(
    'push',
    (event: ExtendableEventLike & { data: { json(): unknown } | null }) =>
      event.waitUntil(showPush(scope, event.data, s)),
  );
  scope.addEventListener(
    'notificationclick',
    (event: ExtendableEventLike & { notification: NotificationLike }) => {
      const opening = openNotification(scope, event.notification);
      event.waitUntil(opening);
    },
  );
  scope.addEventListener(
    'pushsubscriptionchange',
    (event: ExtendableEventLike & Parameters<typeof renewSubscription>[1]) =>
      event.waitUntil(renewSubscription(scope, event)),
  );
}
