import { useEffect, useState } from 'react';
import { api, fetchPage } from '@/data/connection.ts';
import { afterFirstContent } from '@/lib/first-content.ts';

/**
 * The unread counts (notifications and direct messages together) of the other accounts of this
 * device, for the account switcher: the cache's live counts of each, as the badges of the
 * account in use get them, watched once the page's first content is on screen. Their profiles
 * are asked for once, so the switcher shows their names and pictures.
 */
export function useOtherUnread(pubkeys: readonly string[]): Readonly<Record<string, number>> {
  const [counts, setCounts] = useState<Record<string, number>>({});
  const key = pubkeys.join(',');
  useEffect(() => {
    if (!key) return;
    const list = key.split(',');
    const stops: Array<() => void> = [];
    let live = true;
    void afterFirstContent().then(() => {
      if (!live) return;
      fetchPage('user_infos', { pubkeys: list }).catch(() => {});
      for (const pk of list) {
        const parts = { notifications: 0, messages: 0 };
        const publish = () =>
          setCounts((c) => ({ ...c, [pk]: parts.notifications + parts.messages }));
        stops.push(
          api().notificationCounts(pk, (byType) => {
            parts.notifications = Object.values(byType).reduce(
              (a, n) => a + (Number.isFinite(n) ? n : 0),
              0,
            );
            publish();
          }),
          api().directMessageCount(pk, (n) => {
            parts.messages = n;
            publish();
          }),
        );
      }
    });
    return () => {
      live = false;
      for (const stop of stops) stop();
      setCounts({});
    };
  }, [key]);
  return counts;
}
