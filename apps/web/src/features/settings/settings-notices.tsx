import { useEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { settingsNotices } from '@swell/client';
import { notify } from '@/components/ui/notify.ts';
import { swell } from '@/data/client.ts';

/**
 * Shows the settings sync's messages (spec section 8: "Failed to load settings. Will be using
 * local settings." and "Failed to save settings"), each once, wherever the user is.
 */
let shown = 0;

export function SettingsNotices() {
  const { t } = useTranslation();
  useEffect(() => {
    const sync = swell().settings;
    const show = () => {
      const notice = sync.getSnapshot().notice;
      if (!notice || notice.seq <= shown) return;
      shown = notice.seq;
      if (notice.message === settingsNotices.loadFailed)
        notify.warning(t('settingsSync.loadFailed'));
      else notify.error(t('settingsSync.saveFailed'));
    };
    show();
    // A change waiting to be saved goes out when the page is left.
    const leave = () => void sync.flush();
    window.addEventListener('pagehide', leave);
    const unsubscribe = sync.subscribe(show);
    return () => {
      window.removeEventListener('pagehide', leave);
      unsubscribe();
    };
  }, [t]);
  return null;
}
