import { en } from '@/i18n/en.ts';
import { createTranslator } from '@/i18n/translator.ts';

// Under automation (Playwright, the bench) and in development, a missing string is a console
// error, which the browser tests fail on: a screen whose strings were not registered
// (i18n/add-strings.ts) would otherwise show its raw keys. Off for everyone else. A default
// value given at the call is a deliberate fallback, not a missing string (translator.ts).
const reportMissing =
  import.meta.env.DEV || (typeof navigator !== 'undefined' && navigator.webdriver);

/**
 * The app's strings, with the first load's English bundled (en.ts), so the first render has
 * them. Lazily loaded screens add theirs with addStrings (add-strings.ts). Components use
 * useTranslation (use-translation.ts); other modules call `i18n.t`.
 */
export const i18n = createTranslator(
  'en',
  reportMissing ? (key) => console.error(`Missing string: ${key}`) : undefined,
);
i18n.add(en);
