import { useTranslation } from '@/i18n/use-translation.ts';
import { useSettings } from '@/features/settings/use-settings.ts';

/** Where the settings are kept now: saving, saved on the server, or on this device only. */
export function SyncStatus() {
  const { t } = useTranslation();
  const snap = useSettings();
  const key = snap.saving
    ? 'saving'
    : snap.status === 'synced'
      ? 'synced'
      : snap.status === 'loading'
        ? 'loading'
        : 'local';
  return (
    <span className="sync-status" data-state={key} role="status" aria-live="polite">
      {t(`settingsSync.status.${key}`)}
    </span>
  );
}
