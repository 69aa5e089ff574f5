import { notificationSettingNames, notificationTypeOfSetting } from '@swell/client';

export type NotificationSettingName = (typeof notificationSettingNames)[number];

/** The switches of Settings > Notifications, in three groups (spec section 3 types). */
export const notificationSettingGroups: ReadonlyArray<{
  id: 'you' | 'mentionedYou' | 'mentionedYours';
  names: readonly NotificationSettingName[];
}> = [
  { id: 'you', names: notificationSettingNames.filter((n) => notificationTypeOfSetting[n] < 100) },
  {
    id: 'mentionedYou',
    names: notificationSettingNames.filter((n) => {
      const type = notificationTypeOfSetting[n];
      return type > 100 && type < 200;
    }),
  },
  {
    id: 'mentionedYours',
    names: notificationSettingNames.filter((n) => notificationTypeOfSetting[n] > 200),
  },
];

/** Whether a switch is on (every type is on unless the user switched it off). */
export function notificationSettingOn(
  settings: Readonly<Record<string, boolean>>,
  name: NotificationSettingName,
): boolean {
  return settings[name] !== false;
}

/** The notification types (spec section 3 numbers) the user switched off. */
export function hiddenNotificationTypes(settings: Readonly<Record<string, boolean>>): Set<number> {
  const out = new Set<number>();
  for (const name of notificationSettingNames)
    if (!notificationSettingOn(settings, name)) out.add(notificationTypeOfSetting[name]);
  return out;
}
