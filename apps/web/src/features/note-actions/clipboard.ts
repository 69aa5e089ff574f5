import { i18n } from '@/i18n/index.ts';
import { notify } from '@/components/ui/notify.ts';

/** Copies text and says so in a toast (success 2000 ms; a warning when the browser refuses). */
export async function copyToClipboard(text: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    notify.success(i18n.t('ui.copied'));
  } catch {
    notify.warning(i18n.t('ui.copyFailed'));
  }
}
