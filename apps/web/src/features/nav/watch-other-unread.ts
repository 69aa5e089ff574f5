import { api, fetchPage } from '@/data/connection.ts';

/** Watches the unread counts of these accounts (see `useOtherUnread`); returns the stop. */
export function watchOtherUnread(
  pubkeys: string[],
  set: (update: (c: Record<string, number>) => Record<string, number>) => void,
): () => void {
  fetchPage('user_infos', { pubkeys }).catch(() => {});
  const stops: Array<() => void> = [];
  for (const pk of pubkeys) {
    const parts = { notifications: 0, messages: 0 };
    const publish = () => set((c) => ({ ...c, [pk]: parts.notifications + parts.messages }));
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
  return () => {
    for (const stop of stops) stop();
  };
}
