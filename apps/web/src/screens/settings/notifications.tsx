import { Suspense } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { lazy } from '@/lib/lazy.ts';
import { Screen } from '@/components/screen.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { swell } from '@/data/client.ts';
import {
  notificationSettingGroups,
  notificationSettingOn,
} from '@/features/settings/notification-types.ts';
import { SyncStatus } from '@/features/settings/sync-status.tsx';
import { useSettings } from '@/features/settings/use-settings.ts';
import '@/screens/settings/settings.css';
import '@/features/settings/settings-pages.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { notificationSettings } from '@/i18n/en/notification-settings.ts';
import { settings } from '@/i18n/en/settings.ts';

addStrings({ notificationSettings, settings });

/** Push notifications (the browser's push code and the push client load with it). */
const PushSettings = lazy(() => import('@/features/push/push-settings.tsx'));

/**
 * `/settings/notifications`: push notifications on this device and the user's devices, then
 * which notification types are shown in the app (saved with the settings).
 */
export function Component() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const set = (name: string, on: boolean) =>
    swell().settings.update({ notifications: { ...settings.notifications, [name]: on } });
  return (
    <Screen title={t('settings.notifications')} back>
      <Suspense fallback={null}>
        <PushSettings />
      </Suspense>
      <div className="settings-section">
        <div className="settings-section-head">
          <h2 className="settings-section-title">{t('notificationSettings.inApp')}</h2>
          <SyncStatus />
        </div>
        <p className="settings-section-intro">{t('notificationSettings.intro')}</p>
      </div>
      {notificationSettingGroups.map((group) => (
        <section
          key={group.id}
          className="settings-section"
          aria-labelledby={`notif-group-${group.id}`}
        >
          <h2 id={`notif-group-${group.id}`} className="settings-section-title">
            {t(`notificationSettings.groups.${group.id}`)}
          </h2>
          <ul className="switch-list">
            {group.names.map((name) => {
              const id = `notif-${name}`;
              return (
                <li key={name} className="switch-row">
                  <label htmlFor={id}>{t(`notificationSettings.types.${name}`)}</label>
                  <Switch
                    id={id}
                    checked={notificationSettingOn(settings.notifications, name)}
                    onCheckedChange={(on) => set(name, on)}
                  />
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </Screen>
  );
}
