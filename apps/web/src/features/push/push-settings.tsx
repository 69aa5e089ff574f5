import { useEffect, useId, useState } from 'react';
import type { PushPreferences, PushSubscriptionInfo } from '@swell/client/push';
import { notificationTypeOfSetting } from '@swell/client';
import { Button } from '@/components/ui/button.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { useSession } from '@/data/session.ts';
import {
  listPushDevices,
  pushClient,
  pushRegistration,
  PushPermissionError,
  PushServiceError,
  removePushDevice,
  setPushPreferences,
  turnOnPush,
  type PushUnavailable,
} from '@/features/push/device-push.ts';
import { ensurePushPresence } from '@/features/push/push-start.ts';
import { notificationSettingGroups } from '@/features/settings/notification-types.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { notificationSettings } from '@/i18n/en/notification-settings.ts';
import { pushSettings } from '@/i18n/en/push-settings.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import '@/features/push/push-settings.css';

addStrings({ pushSettings, notificationSettings });

type Browser =
  | { state: 'checking' }
  | { state: 'unavailable'; why: PushUnavailable }
  | { state: 'ready'; registration: ServiceWorkerRegistration; endpoint: string | null };

type Devices =
  { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; list: PushSubscriptionInfo[] };

/** A device's name from its push service (the endpoint's host says which browser made it). */
function serviceKey(endpoint: string): { key: string; host: string } {
  let host = '';
  try {
    host = new URL(endpoint).host;
  } catch {
    /* shown as its text */
  }
  const key = /(^|\.)googleapis\.com$/.test(host)
    ? 'google'
    : /(^|\.)mozilla\.com$/.test(host)
      ? 'mozilla'
      : /(^|\.)push\.apple\.com$/.test(host)
        ? 'apple'
        : /(^|\.)notify\.windows\.com$/.test(host)
          ? 'microsoft'
          : 'other';
  return { key, host: host || endpoint.slice(0, 40) };
}

/** The reason of an error, for the message that says the change failed. */
const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Settings > Notifications, push: the "on this device" switch (the browser asks for permission
 * only when it is turned on), what this device gets pushed, quiet while Swell is focused, and
 * the user's devices with remove. Loaded lazily by the notifications settings screen.
 */
export default function PushSettings() {
  const { t } = useTranslation();
  const session = useSession();
  const pubkey = session.canSign ? session.pubkey : null;
  const id = useId();
  const [browser, setBrowser] = useState<Browser>({ state: 'checking' });
  const [devices, setDevices] = useState<Devices>({ state: 'loading' });
  const [defaults, setDefaults] = useState<PushPreferences | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    void pushRegistration().then(async (registration) => {
      if (cancelled) return;
      if (typeof registration === 'string') {
        setBrowser({ state: 'unavailable', why: registration });
        return;
      }
      const subscription = await registration.pushManager.getSubscription().catch(() => null);
      if (!cancelled)
        setBrowser({ state: 'ready', registration, endpoint: subscription?.endpoint ?? null });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!pubkey) return;
    let cancelled = false;
    listPushDevices(pubkey).then(
      (list) => !cancelled && setDevices({ state: 'loaded', list }),
      () => !cancelled && setDevices({ state: 'failed' }),
    );
    pushClient()
      .config()
      .then((c) => !cancelled && setDefaults(c.default_preferences))
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [pubkey, attempt]);
  const retryDevices = () => {
    setDevices({ state: 'loading' });
    setAttempt((n) => n + 1);
  };

  const endpoint = browser.state === 'ready' ? browser.endpoint : null;
  const list = devices.state === 'loaded' ? devices.list : [];
  const mine = endpoint ? list.find((d) => d.endpoint === endpoint) : undefined;
  const on =
    mine !== undefined &&
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted';
  const preferences = mine?.preferences ?? defaults;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      if (e instanceof PushPermissionError)
        setError(e.denied ? t('pushSettings.denied') : t('pushSettings.dismissed'));
      else if (e instanceof PushServiceError) setError(t('pushSettings.serviceDown'));
      else setError(t('pushSettings.failed', { reason: reasonOf(e) }));
    } finally {
      setBusy(false);
    }
  };

  const replaceDevice = (info: PushSubscriptionInfo) =>
    setDevices((d) => ({
      state: 'loaded',
      list: [
        ...(d.state === 'loaded' ? d.list.filter((x) => x.endpoint !== info.endpoint) : []),
        info,
      ],
    }));

  const switchThisDevice = (turnOn: boolean) =>
    run(async () => {
      if (browser.state !== 'ready' || !pubkey) return;
      const { registration } = browser;
      if (turnOn) {
        const info = await turnOnPush(pubkey, registration, preferences ?? undefined);
        setBrowser({ state: 'ready', registration, endpoint: info.endpoint });
        replaceDevice(info);
        ensurePushPresence(pubkey);
      } else if (mine) {
        await removePushDevice(pubkey, mine.endpoint, registration);
        setBrowser({ state: 'ready', registration, endpoint: null });
        setDevices((d) => ({
          state: 'loaded',
          list: d.state === 'loaded' ? d.list.filter((x) => x.endpoint !== mine.endpoint) : [],
        }));
      }
    });

  const change = (next: Partial<PushPreferences>) =>
    run(async () => {
      if (browser.state !== 'ready' || !preferences) return;
      replaceDevice(await setPushPreferences(browser.registration, { ...preferences, ...next }));
    });

  const removeDevice = (device: PushSubscriptionInfo) =>
    run(async () => {
      if (!pubkey) return;
      await removePushDevice(
        pubkey,
        device.endpoint,
        browser.state === 'ready' ? browser.registration : null,
      );
      if (device.endpoint === endpoint && browser.state === 'ready')
        setBrowser({ ...browser, endpoint: null });
      setDevices((d) => ({
        state: 'loaded',
        list: d.state === 'loaded' ? d.list.filter((x) => x.endpoint !== device.endpoint) : [],
      }));
    });

  const date = (seconds: number) =>
    new Date(seconds * 1000).toLocaleDateString(undefined, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
  const deviceName = (d: PushSubscriptionInfo) => {
    const { key, host } = serviceKey(d.endpoint);
    return t(`pushSettings.service.${key}`, { host });
  };

  const hint =
    browser.state === 'checking'
      ? t('pushSettings.checking')
      : browser.state === 'unavailable'
        ? t(
            browser.why === 'browser'
              ? 'pushSettings.unavailableBrowser'
              : 'pushSettings.unavailableWorker',
          )
        : !pubkey
          ? t('pushSettings.signIn')
          : busy
            ? t('pushSettings.working')
            : !on && Notification.permission === 'denied'
              ? t('pushSettings.denied')
              : on
                ? t('pushSettings.thisDeviceOn')
                : t('pushSettings.thisDeviceOff');
  const canSwitch =
    browser.state === 'ready' && pubkey !== null && devices.state !== 'loading' && !busy;
  const typeOn = (type: number) => preferences?.types.includes(type) ?? false;
  const setType = (type: number, checked: boolean) => {
    if (!preferences) return;
    const types = checked
      ? [...new Set([...preferences.types, type])].sort((a, b) => a - b)
      : preferences.types.filter((x) => x !== type);
    void change({ types });
  };

  return (
    <section className="settings-section push-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="settings-section-title">
        {t('pushSettings.title')}
      </h2>
      <p className="settings-section-intro">{t('pushSettings.intro')}</p>
      <div className="switch-row">
        <label htmlFor={`${id}-on`}>
          {t('pushSettings.thisDevice')}
          <span className="switch-row-hint" id={`${id}-hint`} aria-live="polite">
            {hint}
          </span>
        </label>
        <Switch
          id={`${id}-on`}
          checked={on}
          disabled={!canSwitch}
          onCheckedChange={(checked) => void switchThisDevice(checked)}
        />
      </div>
      {error && (
        <p className="field-error push-error" role="alert">
          {error}
        </p>
      )}
      {on && preferences && (
        <>
          <fieldset className="push-types" disabled={busy}>
            <legend className="push-subtitle">{t('pushSettings.what')}</legend>
            {notificationSettingGroups.map((group) => (
              <div key={group.id} className="push-type-group">
                <p className="push-type-group-title" id={`${id}-${group.id}`}>
                  {t(`notificationSettings.groups.${group.id}`)}
                </p>
                <ul className="push-type-list" aria-labelledby={`${id}-${group.id}`}>
                  {group.names.map((name) => {
                    const type = notificationTypeOfSetting[name];
                    return (
                      <li key={name}>
                        <label className="push-check">
                          <input
                            type="checkbox"
                            checked={typeOn(type)}
                            onChange={(e) => setType(type, e.target.checked)}
                          />
                          {t(`notificationSettings.types.${name}`)}
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
            <label className="push-check push-check-dms">
              <input
                type="checkbox"
                checked={preferences.dms}
                onChange={(e) => void change({ dms: e.target.checked })}
                aria-describedby={`${id}-dms-hint`}
              />
              <span>
                {t('pushSettings.dms')}
                <span className="switch-row-hint" id={`${id}-dms-hint`}>
                  {t('pushSettings.dmsHint')}
                </span>
              </span>
            </label>
          </fieldset>
          <div className="switch-row">
            <label htmlFor={`${id}-quiet`}>
              {t('pushSettings.quiet')}
              <span className="switch-row-hint">{t('pushSettings.quietHint')}</span>
            </label>
            <Switch
              id={`${id}-quiet`}
              checked={preferences.quiet_when_focused}
              disabled={busy}
              onCheckedChange={(checked) => void change({ quiet_when_focused: checked })}
            />
          </div>
        </>
      )}
      {pubkey && (
        <div className="push-devices">
          <h3 className="push-subtitle" id={`${id}-devices`}>
            {t('pushSettings.devices')}
          </h3>
          {devices.state === 'loading' && (
            <p className="push-devices-note" role="status">
              {t('pushSettings.devicesLoading')}
            </p>
          )}
          {devices.state === 'failed' && (
            <div className="push-devices-note" role="alert">
              <p>{t('pushSettings.devicesFailed')}</p>
              <Button size="sm" onClick={retryDevices}>
                {t('pushSettings.retry')}
              </Button>
            </div>
          )}
          {devices.state === 'loaded' && list.length === 0 && (
            <p className="settings-empty">{t('pushSettings.devicesEmpty')}</p>
          )}
          {list.length > 0 && (
            <ul className="push-device-list" aria-labelledby={`${id}-devices`}>
              {[...list]
                .sort((a, b) => b.created_at - a.created_at)
                .map((d) => (
                  <li key={d.endpoint} className="push-device">
                    <div className="push-device-text">
                      <span className="push-device-name">
                        {deviceName(d)}
                        {d.endpoint === endpoint && (
                          <span className="push-device-this">{t('pushSettings.thisOne')}</span>
                        )}
                      </span>
                      <span className="switch-row-hint">
                        {t('pushSettings.added', { date: date(d.created_at) })}
                      </span>
                    </div>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      aria-label={t('pushSettings.removeLabel', {
                        name: deviceName(d),
                        date: date(d.created_at),
                      })}
                      onClick={() => void removeDevice(d)}
                    >
                      {t('pushSettings.remove')}
                    </Button>
                  </li>
                ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
