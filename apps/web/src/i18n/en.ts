import { accountSettings } from '@/i18n/en/account-settings.ts';
import { app } from '@/i18n/en/app.ts';
import { avatar } from '@/i18n/en/avatar.ts';
import { downloads } from '@/i18n/en/downloads.ts';
import { explore } from '@/i18n/en/explore.ts';
import { feed } from '@/i18n/en/feed.ts';
import { feedSettings } from '@/i18n/en/feed-settings.ts';
import { feeds } from '@/i18n/en/feeds.ts';
import { help } from '@/i18n/en/help.ts';
import { lists } from '@/i18n/en/lists.ts';
import { login } from '@/i18n/en/login.ts';
import { messages } from '@/i18n/en/messages.ts';
import { nav } from '@/i18n/en/nav.ts';
import { network } from '@/i18n/en/network.ts';
import { newAccount } from '@/i18n/en/new-account.ts';
import { notFound } from '@/i18n/en/not-found.ts';
import { notifications } from '@/i18n/en/notifications.ts';
import { notificationSettings } from '@/i18n/en/notification-settings.ts';
import { note } from '@/i18n/en/note.ts';
import { premium } from '@/i18n/en/premium.ts';
import { profile } from '@/i18n/en/profile.ts';
import { profileEdit } from '@/i18n/en/profile-edit.ts';
import { reactions } from '@/i18n/en/reactions.ts';
import { reads } from '@/i18n/en/reads.ts';
import { search } from '@/i18n/en/search.ts';
import { settings } from '@/i18n/en/settings.ts';
import { settingsSync } from '@/i18n/en/settings-sync.ts';
import { sidebar } from '@/i18n/en/sidebar.ts';
import { standalone } from '@/i18n/en/standalone.ts';
import { themes } from '@/i18n/en/themes.ts';
import { thread } from '@/i18n/en/thread.ts';
import { ui } from '@/i18n/en/ui.ts';
import { uploads } from '@/i18n/en/uploads.ts';
import { wallet } from '@/i18n/en/wallet.ts';
import { write } from '@/i18n/en/write.ts';
import { zaps } from '@/i18n/en/zaps.ts';

/**
 * English strings, one module per feature under i18n/en/ (a new feature adds its own module and
 * one line here). Every user-visible string of the app lives in those modules.
 */
export const en = {
  accountSettings,
  app,
  avatar,
  downloads,
  explore,
  feed,
  feedSettings,
  feeds,
  help,
  lists,
  login,
  messages,
  nav,
  network,
  newAccount,
  notFound,
  notifications,
  notificationSettings,
  note,
  premium,
  profile,
  profileEdit,
  reactions,
  reads,
  search,
  settings,
  settingsSync,
  sidebar,
  standalone,
  themes,
  thread,
  ui,
  uploads,
  wallet,
  write,
  zaps,
} as const;

export type Strings = typeof en;
