import type { ThemeName } from '../storage/user-record.ts';

/** A zap preset (spec section 9). */
export interface ZapPreset {
  emoji: string;
  amount: number;
  message: string;
}

export interface ContentModerationEntry {
  name: string;
  scopes: string[];
}

/**
 * The settings saved to the server (spec section 3 "Settings"; the content of the settings
 * event). Fields this client does not know are kept as they came, so saving never drops what
 * another client stored.
 */
export interface AppSettings {
  theme: ThemeName;
  animated: boolean;
  defaultZapAmount: number;
  zapDefault: { amount: number; message: string };
  zapConfig: ZapPreset[];
  zapOptions: number[];
  /** Notification types shown, by name (all on by default). */
  notifications: Record<string, boolean>;
  /** Whether subscribed filter lists hide content. */
  applyContentModeration: boolean;
  contentModeration: ContentModerationEntry[];
  proxyThroughPrimal: boolean;
  [field: string]: unknown;
}

/** Spec section 9: default zap 42 sats with the message 'Onward'. */
export const defaultZap = { amount: 42, message: 'Onward' } as const;

/** Spec section 9: the zap presets. */
export const defaultZapPresets: readonly ZapPreset[] = [
  { emoji: '👍', amount: 21, message: 'Great post' },
  { emoji: '🚀', amount: 420, message: "Let's go" },
  { emoji: '☕', amount: 1000, message: 'Coffee on me' },
  { emoji: '🍻', amount: 5000, message: 'Cheers' },
  { emoji: '🎉', amount: 10000, message: 'Party time' },
  { emoji: '🏆', amount: 100000, message: 'Generational wealth' },
];

/** The notification types a user can switch off (spec section 3, types 1-8, 101-104, 201-204). */
export const notificationSettingNames = [
  'NEW_USER_FOLLOWED_YOU',
  'USER_UNFOLLOWED_YOU',
  'YOUR_POST_WAS_ZAPPED',
  'YOUR_POST_WAS_LIKED',
  'YOUR_POST_WAS_REPOSTED',
  'YOUR_POST_WAS_REPLIED_TO',
  'YOU_WERE_MENTIONED_IN_POST',
  'YOUR_POST_WAS_MENTIONED_IN_POST',
  'POST_YOU_WERE_MENTIONED_IN_WAS_ZAPPED',
  'POST_YOU_WERE_MENTIONED_IN_WAS_LIKED',
  'POST_YOU_WERE_MENTIONED_IN_WAS_REPOSTED',
  'POST_YOU_WERE_MENTIONED_IN_WAS_REPLIED_TO',
  'POST_YOUR_POST_WAS_MENTIONED_IN_WAS_ZAPPED',
  'POST_YOUR_POST_WAS_MENTIONED_IN_WAS_LIKED',
  'POST_YOUR_POST_WAS_MENTIONED_IN_WAS_REPOSTED',
  'POST_YOUR_POST_WAS_MENTIONED_IN_WAS_REPLIED_TO',
] as const;

/** Notification type numbers (spec section 3) of each setting. */
export const notificationTypeOfSetting: Record<(typeof notificationSettingNames)[number], number> =
  {
    NEW_USER_FOLLOWED_YOU: 1,
    USER_UNFOLLOWED_YOU: 2,
    YOUR_POST_WAS_ZAPPED: 3,
    YOUR_POST_WAS_LIKED: 4,
    YOUR_POST_WAS_REPOSTED: 5,
    YOUR_POST_WAS_REPLIED_TO: 6,
    YOU_WERE_MENTIONED_IN_POST: 7,
    YOUR_POST_WAS_MENTIONED_IN_POST: 8,
    POST_YOU_WERE_MENTIONED_IN_WAS_ZAPPED: 101,
    POST_YOU_WERE_MENTIONED_IN_WAS_LIKED: 102,
    POST_YOU_WERE_MENTIONED_IN_WAS_REPOSTED: 103,
    POST_YOU_WERE_MENTIONED_IN_WAS_REPLIED_TO: 104,
    POST_YOUR_POST_WAS_MENTIONED_IN_WAS_ZAPPED: 201,
    POST_YOUR_POST_WAS_MENTIONED_IN_WAS_LIKED: 202,
    POST_YOUR_POST_WAS_MENTIONED_IN_WAS_REPOSTED: 203,
    POST_YOUR_POST_WAS_MENTIONED_IN_WAS_REPLIED_TO: 204,
  };

/** Defaults (spec sections 3 and 9): what guests use and what a new account starts with. */
export function defaultAppSettings(): AppSettings {
  return {
    theme: 'sunrise',
    animated: true,
    defaultZapAmount: defaultZap.amount,
    zapDefault: { ...defaultZap },
    zapConfig: defaultZapPresets.map((p) => ({ ...p })),
    zapOptions: defaultZapPresets.map((p) => p.amount),
    notifications: Object.fromEntries(notificationSettingNames.map((n) => [n, true])),
    applyContentModeration: true,
    contentModeration: [{ name: 'my_mutelist', scopes: ['content', 'trending'] }],
    proxyThroughPrimal: false,
  };
}

const themes: readonly ThemeName[] = ['sunset', 'sunrise', 'midnight', 'ice'];

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const positiveInt = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 100_000_000 ? v : null;

function presetsOf(v: unknown): ZapPreset[] | null {
  if (!Array.isArray(v)) return null;
  const out: ZapPreset[] = [];
  for (const p of v) {
    if (!isRecord(p)) continue;
    const amount = positiveInt(p.amount);
    if (amount === null) continue;
    out.push({
      emoji: typeof p.emoji === 'string' ? p.emoji.slice(0, 16) : '',
      amount,
      message: typeof p.message === 'string' ? p.message.slice(0, 200) : '',
    });
  }
  return out.length > 0 ? out : null;
}

/**
 * Reads settings as stored by any client (ours, the reference, an older version): known fields
 * are checked and fall back to the defaults, unknown fields are kept. Never throws.
 */
export function parseAppSettings(value: unknown): AppSettings {
  const d = defaultAppSettings();
  if (!isRecord(value)) return d;
  const out: AppSettings = { ...value, ...d };
  if (typeof value.theme === 'string' && themes.includes(value.theme as ThemeName))
    out.theme = value.theme as ThemeName;
  if (typeof value.animated === 'boolean') out.animated = value.animated;
  const zd = isRecord(value.zapDefault) ? value.zapDefault : null;
  const amount = positiveInt(zd?.amount) ?? positiveInt(value.defaultZapAmount);
  if (amount !== null) out.zapDefault = { amount, message: d.zapDefault.message };
  if (typeof zd?.message === 'string') out.zapDefault.message = zd.message.slice(0, 200);
  out.defaultZapAmount = out.zapDefault.amount;
  const presets = presetsOf(value.zapConfig);
  if (presets) out.zapConfig = presets;
  if (Array.isArray(value.zapOptions)) {
    const opts = value.zapOptions.map(positiveInt).filter((n): n is number => n !== null);
    if (opts.length > 0) out.zapOptions = opts;
  }
  if (presets && !Array.isArray(value.zapOptions)) out.zapOptions = presets.map((p) => p.amount);
  if (isRecord(value.notifications)) {
    for (const [k, v] of Object.entries(value.notifications))
      if (typeof v === 'boolean') out.notifications[k] = v;
  }
  if (typeof value.applyContentModeration === 'boolean')
    out.applyContentModeration = value.applyContentModeration;
  if (Array.isArray(value.contentModeration)) {
    out.contentModeration = value.contentModeration
      .filter(isRecord)
      .filter((m) => typeof m.name === 'string' && Array.isArray(m.scopes))
      .map((m) => ({
        name: m.name as string,
        scopes: (m.scopes as unknown[]).filter((s): s is string => typeof s === 'string'),
      }));
  }
  if (typeof value.proxyThroughPrimal === 'boolean')
    out.proxyThroughPrimal = value.proxyThroughPrimal;
  return out;
}
