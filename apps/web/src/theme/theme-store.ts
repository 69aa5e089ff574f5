import { swell } from '@/data/client.ts';
import { records } from '@/data/records.ts';
import { session } from '@/data/session.ts';
import { useSnapshot } from '@/data/use-model.ts';
import { createStore } from '@/lib/external-store.ts';
import { writeLocal } from '@/lib/storage.ts';
import { defaultTheme, isThemeName, themeByName, type ThemeName } from '@/theme/themes.ts';

/** Key read by public/theme-init.js before the app loads: always the active theme. */
export const activeThemeKey = 'swell.theme';

const initial = document.documentElement.getAttribute('data-theme');
const store = createStore<ThemeName>(isThemeName(initial) ? initial : defaultTheme);

function apply(theme: ThemeName): void {
  const root = document.documentElement;
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = themeByName(theme).dark ? 'dark' : 'light';
  writeLocal(activeThemeKey, theme);
  store.set(theme);
}

/** The theme stored for a user (per-user local record; guests have their own record). */
export function storedTheme(pubkey: string | null): ThemeName {
  const theme = records().get(pubkey).theme;
  return isThemeName(theme) ? theme : defaultTheme;
}

/**
 * Chooses a theme and stores it for the current user (or the guest); a signed-in user's choice
 * is also saved with their settings on the server (spec section 3 "Settings": theme).
 */
export function setTheme(theme: ThemeName): void {
  records().update(session.get().pubkey, { theme });
  apply(theme);
  swell().settings.update({ theme });
}

// Settings loaded from the server (another device chose a theme) switch to that theme.
let lastStatus = swell().settings.getSnapshot().status;
swell().settings.subscribe(() => {
  const s = swell().settings.getSnapshot();
  const loaded = s.status === 'synced' && lastStatus === 'loading';
  lastStatus = s.status;
  const theme = s.settings.theme;
  if (loaded && s.pubkey === session.get().pubkey && isThemeName(theme) && theme !== store.get())
    apply(theme);
});

// Signing in or out switches to that user's theme.
let lastPubkey: string | null | undefined;
session.subscribe(() => {
  const { pubkey } = session.get();
  if (pubkey === lastPubkey) return;
  lastPubkey = pubkey;
  apply(storedTheme(pubkey));
});

export function useTheme(): ThemeName {
  return useSnapshot(store);
}
