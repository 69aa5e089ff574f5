import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { PushUserAgent } from '@swell/devnet';
import { noteEncode } from 'nostr-tools/nip19';
import { finalizeEvent } from 'nostr-tools/pure';
import { watchConsole } from './console-guard.ts';
import { publish, query } from './relay-client.ts';
import { screenshot } from './screenshots.ts';
import {
  cacheRequest,
  freshAccount,
  relayOf,
  seedAccount,
  signInWithKey,
  type FreshAccount,
} from './settings-helpers.ts';

// Web Push from our own server (issue 38), in the browser: Settings > Notifications turns push
// on, the server pushes a reply from bob, the service worker shows it and a click opens the
// thread; turning it off and signing out remove the device on the server.
//
// The browser's side of the subscription: Chromium subscribes only through its own push service
// (Google's, through the GCM client), which cannot be reached here (pushManager.subscribe then
// never settles), and it refuses the Push API in Playwright's off-the-record contexts ("Chrome
// currently does not support the Push API in incognito mode", crbug 41124656). So the page's
// `pushManager.subscribe` is answered with a subscription of the devnet's push service (bound
// to the applicationServerKey the app asked with, as a real service binds it) whose keys this
// test holds: the server encrypts to it for real, the test decrypts what the push service
// received (PushUserAgent, RFC 8291) and hands that plaintext to the real service worker through
// the DevTools protocol (ServiceWorker.deliverPushMessage), as the browser would after its own
// decryption. Everything else is the app, the server and the browser as they are.

type Device = { id: string; endpoint: string; ua: PushUserAgent };
type Shown = { title: string; body: string; tag: string; icon: string; data: { url: string } };

/** A fresh signed `event_from_user` of `who` (kind 30078, the app's d tag). */
const userRequest = (who: FreshAccount, content: object) =>
  finalizeEvent(
    {
      kind: 30078,
      created_at: Math.floor(Date.now() / 1000),
      tags: [['d', 'Swell Web']],
      content: JSON.stringify(content),
    },
    who.secretKey,
  );

/** The user's devices the server keeps (push_subscriptions, 10000701 each). */
async function serverDevices(baseURL: string, who: FreshAccount) {
  const events = await cacheRequest(baseURL, 'push_subscriptions', {
    event_from_user: userRequest(who, {}),
  });
  return events
    .filter((e) => e.kind === 10000701)
    .map(
      (e) =>
        JSON.parse(e.content) as { endpoint: string; preferences: { quiet_when_focused: boolean } },
    );
}

/** The devnet push service stands in for the browser's (see the top of this file). */
async function devnetPushManager(context: BrowserContext, baseURL: string) {
  const devices = new Map<string, Device>();
  await context.exposeFunction('e2eDevnetSubscribe', async (applicationServerKey: string) => {
    const res = await fetch(`${baseURL}/devnet/push/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ applicationServerKey }),
    });
    const { id, endpoint } = (await res.json()) as { id: string; endpoint: string };
    const ua = new PushUserAgent();
    devices.set(endpoint, { id, endpoint, ua });
    return ua.subscription(endpoint);
  });
  await context.addInitScript(() => {
    type Json = { endpoint: string; keys: { p256dh: string; auth: string }; key: string };
    const KEY = 'e2e-push-subscription';
    const b64 = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const bytes = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const subscription = (json: Json) => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: bytes(json.key).buffer },
      toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
      unsubscribe: () => {
        localStorage.removeItem(KEY);
        return Promise.resolve(true);
      },
    });
    const stored = () => {
      const text = localStorage.getItem(KEY);
      return text ? subscription(JSON.parse(text) as Json) : null;
    };
    const manager = PushManager.prototype as unknown as Record<string, unknown>;
    manager.getSubscription = () => Promise.resolve(stored());
    manager.subscribe = async (options: { applicationServerKey: Uint8Array }) => {
      if (Notification.permission !== 'granted')
        throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
      const key = b64(new Uint8Array(options.applicationServerKey));
      const made = await (
        window as unknown as { e2eDevnetSubscribe: (k: string) => Promise<Json> }
      ).e2eDevnetSubscribe(key);
      const json = { ...made, key };
      localStorage.setItem(KEY, JSON.stringify(json));
      return subscription(json);
    };
  });
  return devices;
}

/** The notifications the service worker shows. */
async function shownNotifications(context: BrowserContext): Promise<Shown[]> {
  const [worker] = context.serviceWorkers();
  if (!worker) return [];
  return worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: { getNotifications(): Promise<Array<Shown & { data: { url: string } }>> };
    };
    return (await scope.registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data,
    }));
  });
}

async function openSettings(page: Page) {
  await page.goto('/settings/notifications');
  const on = page.getByRole('switch', { name: 'On this device' });
  await expect(on).toBeEnabled({ timeout: 40_000 });
  return on;
}

test('push: alice turns push on, a reply from bob is pushed, shown by the service worker and opens the thread; off and sign-out remove the device', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const alice = freshAccount();
  const bob = freshAccount();
  await seedAccount(baseURL!, alice, { name: 'alice', display_name: 'Alice Push' });
  await seedAccount(baseURL!, bob, {
    name: 'bob',
    display_name: 'Bob Push',
    picture: 'https://example.com/bob.png',
  });
  const context = await browser.newContext();
  const devices = await devnetPushManager(context, baseURL!);
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signInWithKey(page, alice);

  // On: the browser's subscription with the server's key, registered for alice.
  const on = await openSettings(page);
  await expect(on).not.toBeChecked();
  await expect(page.getByText('No device gets your push notifications.')).toBeVisible();
  await on.click();
  await expect(on).toBeChecked({ timeout: 20_000 });
  await expect(page.getByText('This device', { exact: true })).toBeVisible();
  const [registered] = await serverDevices(baseURL!, alice);
  expect(registered).toBeDefined();
  const device = devices.get(registered!.endpoint)!;
  expect(device).toBeDefined();
  // Pushed even while a Swell window has focus (the page is the focused one): quiet off.
  const quiet = page.getByRole('switch', { name: 'Quiet while Swell is focused' });
  await expect(quiet).toBeChecked();
  await quiet.click();
  await expect(quiet).not.toBeChecked();
  await expect
    .poll(async () => (await serverDevices(baseURL!, alice))[0]?.preferences.quiet_when_focused)
    .toBe(false);
  await expect(page.getByRole('checkbox', { name: 'Replies' }).first()).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Direct messages' })).toBeChecked();
  // Looked at in a light and a dark theme at phone and desktop widths; axe on the push part.
  for (const theme of ['sunrise', 'midnight']) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, {
        path: testInfo.outputPath(`push-on-${theme}-${width}.png`),
        fullPage: true,
      });
      const axe = await new AxeBuilder({ page }).include('.push-settings').analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    }
  }

  // Bob replies through /relay: the server pushes to alice's device at the devnet push service.
  const relay = relayOf(baseURL!);
  const now = Math.floor(Date.now() / 1000);
  const note = finalizeEvent(
    { kind: 1, created_at: now - 2, tags: [], content: 'Where should the birdhouse go?' },
    alice.secretKey,
  );
  expect((await publish(relay, note))[2]).toBe(true);
  const reply = finalizeEvent(
    {
      kind: 1,
      created_at: now,
      tags: [
        ['e', note.id, '', 'root'],
        ['p', alice.pubkey],
      ],
      content: 'On the old oak, facing east',
    },
    bob.secretKey,
  );
  expect((await publish(relay, reply))[2]).toBe(true);
  let body = '';
  await expect
    .poll(
      async () => {
        const res = await fetch(`${baseURL}/devnet/push/subscriptions/${device.id}`);
        const box = (await res.json()) as { messages: Array<{ body: string }> };
        body = box.messages[0]?.body ?? '';
        return box.messages.length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  const plaintext = device.ua.decrypt(body).toString('utf8');
  expect(plaintext).not.toContain('oak');
  const threadUrl = `/e/${noteEncode(reply.id)}`;
  expect(JSON.parse(plaintext)).toMatchObject({ kind: 'notification', type: 6, url: threadUrl });

  // Alice's tab is closed; the push reaches the service worker, which shows it.
  expect(errors).toEqual([]);
  await page.close();
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(() => registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted))
    .toBeDefined();
  const { registrationId } = registrations.find((r) => r.scopeURL === `${baseURL}/`)!;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: `${baseURL}/`,
    registrationId,
    data: plaintext,
  });
  await expect.poll(() => shownNotifications(context), { timeout: 20_000 }).toHaveLength(1);
  const [shown] = await shownNotifications(context);
  expect(shown).toMatchObject({
    title: 'Bob Push replied to your note',
    icon: 'https://example.com/bob.png',
    data: { url: threadUrl },
  });

  // A click on it (dispatched in the worker: no notification UI to click in a headless browser)
  // opens the thread in the app's window.
  const app = await context.newPage();
  const appErrors = watchConsole(app);
  await signInWithKey(app, alice);
  await app.goto('/home');
  await app.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.serviceWorkers()[0]!.evaluate(async () => {
    const scope = self as unknown as {
      registration: { getNotifications(): Promise<Notification[]> };
      dispatchEvent(e: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications();
    const NotificationEventOf = (
      self as unknown as {
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      }
    ).NotificationEvent;
    scope.dispatchEvent(
      new NotificationEventOf('notificationclick', { notification: notification! }),
    );
  });
  await expect(app).toHaveURL(new RegExp(`${threadUrl}$`), { timeout: 20_000 });
  await expect(app.getByText('On the old oak, facing east')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => shownNotifications(context)).toHaveLength(0);

  // Off: the device is removed on the server and in the browser.
  const again = await openSettings(app);
  await expect(again).toBeChecked({ timeout: 20_000 });
  await again.click();
  await expect(again).not.toBeChecked({ timeout: 20_000 });
  expect(await serverDevices(baseURL!, alice)).toEqual([]);
  expect(
    await app.evaluate(async () =>
      (await navigator.serviceWorker.ready).pushManager.getSubscription(),
    ),
  ).toBeNull();

  // On again, then sign out: the device goes with the session.
  await again.click();
  await expect(again).toBeChecked({ timeout: 20_000 });
  expect(await serverDevices(baseURL!, alice)).toHaveLength(1);
  await app.setViewportSize({ width: 1280, height: 900 });
  await app.evaluate(() => localStorage.setItem('e2e-signed-out', '1'));
  await app.getByRole('button', { name: 'Sign out' }).first().click();
  await app
    .getByRole('dialog', { name: 'Sign out?' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(app.getByText('Browsing as a guest')).toBeVisible({ timeout: 20_000 });
  expect(await serverDevices(baseURL!, alice)).toEqual([]);
  // (bob's avatar is on example.com, which cannot be reached from here: directly, or through
  // the server's media cache, which answers 502)
  expect(appErrors.filter((e) => !/net::ERR_NAME_NOT_RESOLVED|status of 502/.test(e))).toEqual([]);
  // the relay still has bob's reply (nothing was lost on the way)
  expect(await query(relay, { ids: [reply.id] })).toHaveLength(1);
  await context.close();
});

test('push: a browser that blocks notifications says so and registers nothing', async ({
  browser,
  baseURL,
}) => {
  const me = freshAccount();
  const context = await browser.newContext();
  await devnetPushManager(context, baseURL!);
  const page = await context.newPage();
  await signInWithKey(page, me);
  // Not granted: the headless browser answers the permission prompt with "denied".
  const on = await openSettings(page);
  // Reached and turned on from the keyboard.
  for (let i = 0; i < 40 && !(await on.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(on).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('alert')).toContainText(
    /Notifications are blocked for Swell in this browser|The browser did not get your permission/,
  );
  await expect(on).not.toBeChecked();
  expect(await serverDevices(baseURL!, me)).toEqual([]);
  await context.close();
});
