import { i18n } from '@/i18n/index.ts';
import { showToast } from '@/components/ui/toast-store.ts';

/** Short ways to show a toast of each kind. */
export const notify = {
  success: (message: string) => showToast('success', message),
  info: (message: string) => showToast('info', message),
  warning: (message: string) => showToast('warning', message),
  error: (message: string) => showToast('error', message),
  /** The spec's not-implemented notice, for controls whose action is not built yet. */
  notImplemented: () => showToast('notImplemented', i18n.t('app.notImplemented')),
};
