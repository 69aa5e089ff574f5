import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '@/i18n/en.ts';

// Under automation (Playwright, the bench) and in development, a missing string is a console
// error, which the browser tests fail on: a screen whose strings were not registered
// (i18n/add-strings.ts) would otherwise show its raw keys. Off for everyone else.
const reportMissing =
  import.meta.env.DEV || (typeof navigator !== 'undefined' && navigator.webdriver);

/**
 * i18next with the first load's English bundled (en.ts); initialised synchronously so the first
 * render has strings. Lazily loaded screens add theirs with addStrings (add-strings.ts).
 */
void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
  saveMissing: reportMissing,
  missingKeyHandler: (_lngs, _ns, key, _fallback, _update, options) => {
    // A default value given at the call is a deliberate fallback, not a missing string.
    if (!('defaultValue' in options)) console.error(`Missing string: ${key}`);
  },
});

export { i18next };
