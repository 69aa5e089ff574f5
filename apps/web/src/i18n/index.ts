import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '@/i18n/en.ts';

/** i18next with English bundled; initialised synchronously so the first render has strings. */
void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

export { i18next };
