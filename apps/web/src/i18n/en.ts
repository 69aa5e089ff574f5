import { app } from '@/i18n/en/app.ts';
import { avatar } from '@/i18n/en/avatar.ts';
import { feed } from '@/i18n/en/feed.ts';
import { login } from '@/i18n/en/login.ts';
import { nav } from '@/i18n/en/nav.ts';
import { notFound } from '@/i18n/en/not-found.ts';
import { note } from '@/i18n/en/note.ts';
import { noteZaps } from '@/i18n/en/note-zaps.ts';
import { reactions } from '@/i18n/en/reactions.ts';
import { settingsSync } from '@/i18n/en/settings-sync.ts';
import { sidebar } from '@/i18n/en/sidebar.ts';
import { themes } from '@/i18n/en/themes.ts';
import { ui } from '@/i18n/en/ui.ts';
import { write } from '@/i18n/en/write.ts';

/**
 * English strings of the first load: the shell (navigation, account area, toasts, sidebar) and
 * what /home and most screens render (the note card, the feed). Every user-visible string lives
 * in one module per feature under i18n/en/; the other modules are not bundled here but loaded
 * with the screen or dialog that uses them: its lazily loaded module calls
 * `addStrings({ premium })` (add-strings.ts) at its top. test/lazy-strings.test.ts checks the
 * import graph for a module whose strings could be missing when it renders.
 */
export const en = {
  app,
  avatar,
  feed,
  login,
  nav,
  notFound,
  note,
  noteZaps,
  reactions,
  settingsSync,
  sidebar,
  themes,
  ui,
  write,
} as const;
