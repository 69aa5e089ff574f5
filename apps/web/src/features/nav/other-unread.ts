import { useEffect, useState } from 'react';
import { afterFirstContent } from '@/lib/first-content.ts';

/**
 * The unread counts (notifications and direct messages together) of the other accounts of this
 * device, for the account switcher: the cache's live counts of each, as the badges of the
 * account in use get them, watched once the page's first content is on screen (the watching
 * code loads then, and only on a device with more than one account). Their profiles are asked
 * for once, so the switcher shows their names and pictures.
 */
export function useOtherUnread(pubkeys: readonly string[]): Readonly<Record<string, number>> {
  const [counts, setCounts] = useState<Record<string, number>>({});
  const key = pubkeys.join(',');
  useEffect(() => {
    if (!key) return;
    let stop: (() => void) | undefined;
    let live = true;
    void afterFirstContent()
      .then(() => import('@/features/nav/watch-other-unread.ts'))
      .then((m) => {
        if (live) stop = m.watchOtherUnread(key.split(','), setCounts);
      })
      .catch(() => {});
    return () => {
      live = false;
      stop?.();
      setCounts({});
    };
  }, [key]);
  return counts;
}
