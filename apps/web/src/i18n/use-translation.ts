import { i18n } from '@/i18n/index.ts';
import type { TFunction } from '@/i18n/translator.ts';

const translation = { t: i18n.t };

/**
 * The app's strings for a component: `const { t } = useTranslation()`. `t` is one function for
 * the app's lifetime, so it is safe in hook dependencies. Strings of a lazily loaded screen are
 * added before it can render (add-strings.ts), so nothing needs to re-render when they arrive.
 */
export function useTranslation(): { t: TFunction } {
  return translation;
}
