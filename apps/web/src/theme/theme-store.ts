import { createStore, useStore } from '@/lib/external-store.ts';
import { readLocal, writeLocal } from '@/lib/storage.ts';
import { defaultTheme, isThemeName, themeByName, type ThemeName } from '@/theme/themes.ts';

/** Key read by public/theme-init.js before the app loads: always the active theme. */
export const activeThemeKey = 'swell.theme';

const initial = document.documentElement.getAttribute('data-theme');
const store = createStore<ThemeName>(isThemeName(initial) ? initial : defaultTheme);

/** Where a user's choice is kept; replaced by the per-user record once signed in. */
export interface ThemePreferenceStore {
  load(): ThemeName | undefined;
  save(theme: ThemeName): void;
}

const guestPreference: ThemePreferenceStore = {
  load: () => {
    const v = readLocal('swell.guestTheme');
    return isThemeName(v) ? v : undefined;
  },
  save: (theme) => writeLocal('swell.guestTheme', theme),
};

let preference: ThemePreferenceStore = guestPreference;

function apply(theme: ThemeName): void {
  const root = document.documentElement;
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = themeByName(theme).dark ? 'dark' : 'light';
  writeLocal(activeThemeKey, theme);
  store.set(theme);
}

/** Chooses a theme and stores it for the current user (or the guest). */
export function setTheme(theme: ThemeName): void {
  preference.save(theme);
  apply(theme);
}

/** Switches where the choice is stored (sign-in / sign-out) and applies that user's theme. */
export function setThemePreferenceStore(next: ThemePreferenceStore | null): void {
  preference = next ?? guestPreference;
  apply(preference.load() ?? defaultTheme);
}

export function useTheme(): ThemeName {
  return useStore(store);
}
