import { describe, expect, it } from 'vitest';
import { notificationSettingNames } from '@swell/client';
import {
  hiddenNotificationTypes,
  notificationSettingGroups,
} from '../src/features/settings/notification-types.ts';

describe('Settings > Notifications', () => {
  it('groups all sixteen types of spec section 3, each once', () => {
    const names = notificationSettingGroups.flatMap((g) => g.names);
    expect(names.length).toBe(16);
    expect(new Set(names)).toEqual(new Set(notificationSettingNames));
    expect(notificationSettingGroups.map((g) => g.names.length)).toEqual([8, 4, 4]);
  });

  it('hides only the types switched off (missing means on)', () => {
    expect(hiddenNotificationTypes({})).toEqual(new Set());
    expect(
      hiddenNotificationTypes({
        YOUR_POST_WAS_LIKED: false,
        POST_YOU_WERE_MENTIONED_IN_WAS_ZAPPED: false,
        POST_YOUR_POST_WAS_MENTIONED_IN_WAS_REPLIED_TO: false,
        YOUR_POST_WAS_ZAPPED: true,
      }),
    ).toEqual(new Set([4, 101, 204]));
  });
});
