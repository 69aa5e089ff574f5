import type { Notification, NotificationTypeGroup } from '@swell/cache-protocol';

/** Spec section 3: what happened, for the sentence and the icon of a notification. */
export type NotificationVerb =
  | 'followed'
  | 'unfollowed'
  | 'zapped'
  | 'liked'
  | 'reposted'
  | 'replied'
  | 'mentioned'
  | 'quoted'
  | 'commented'
  | 'highlighted';

/** Whose post it was about: the user's own, one they were mentioned in, or one quoting theirs. */
export type NotificationSubjectKind = 'yours' | 'mentioned-you' | 'quoted-yours' | 'none';

const FAMILY: Record<number, NotificationVerb> = {
  1: 'zapped',
  2: 'liked',
  3: 'reposted',
  4: 'replied',
};

/** The verb and subject kind of a notification type (1-8, 101-104, 201-204, 301-302), or null. */
export function describeType(
  type: number,
): { verb: NotificationVerb; subject: NotificationSubjectKind } | null {
  switch (type) {
    case 1:
      return { verb: 'followed', subject: 'none' };
    case 2:
      return { verb: 'unfollowed', subject: 'none' };
    case 3:
      return { verb: 'zapped', subject: 'yours' };
    case 4:
      return { verb: 'liked', subject: 'yours' };
    case 5:
      return { verb: 'reposted', subject: 'yours' };
    case 6:
      return { verb: 'replied', subject: 'yours' };
    case 7:
      return { verb: 'mentioned', subject: 'none' };
    case 8:
      return { verb: 'quoted', subject: 'yours' };
    case 301:
      return { verb: 'commented', subject: 'yours' };
    case 302:
      return { verb: 'highlighted', subject: 'yours' };
  }
  const family = FAMILY[type % 100];
  if (type > 100 && type < 105 && family) return { verb: family, subject: 'mentioned-you' };
  if (type > 200 && type < 205 && family) return { verb: family, subject: 'quoted-yours' };
  return null;
}

/** Which tab (`type_group`) a type belongs to besides All (spec section 2). */
export function tabOfType(type: number): Exclude<NotificationTypeGroup, 'all'> | null {
  if ([3, 101, 201].includes(type)) return 'zaps';
  if ([6, 104, 204, 301].includes(type)) return 'replies';
  if ([7, 8].includes(type)) return 'mentions';
  if ([5, 103, 203].includes(type)) return 'reposts';
  return null;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** Who did it. */
export function actorOf(n: Notification): string | undefined {
  return (
    str(n.follower) ??
    str(n.who_zapped_it) ??
    str(n.who_liked_it) ??
    str(n.who_reposted_it) ??
    str(n.who_replied_to_it) ??
    str(n.who_commented_on_it) ??
    str(n.who_highlighted_it) ??
    str(n.actor)
  );
}

/** The post the notification is about (the user's post, or the post they were mentioned in). */
export function subjectOf(n: Notification): string | undefined {
  if (n.type === 7) return str(n.you_were_mentioned_in);
  if (n.type > 100 && n.type < 200) return str(n.post_you_were_mentioned_in);
  return str(n.your_post);
}

/** The post that did it, when there is one (the reply, the mention, the quote). */
export function sourceOf(n: Notification): string | undefined {
  if (n.type === 301) return str(n.comment);
  if (n.type === 302) return str(n.highlight);
  if (n.type === 6 || n.type % 100 === 4) return str(n.reply);
  if (n.type === 7) return str(n.you_were_mentioned_in);
  if (n.type === 8) return str(n.your_post_were_mentioned_in);
  if (n.type > 200) return str(n.post_your_post_was_mentioned_in);
  return undefined;
}

/** Several notifications shown as one ("Bob and 3 others liked your note"). */
export interface NotificationGroup {
  /** Stable key: type and subject for grouped kinds, else the notification id. */
  key: string;
  type: number;
  verb: NotificationVerb;
  subject: NotificationSubjectKind;
  /** The post it is about. */
  subjectId?: string;
  /** The post that did it (a reply or mention: never grouped). */
  sourceId?: string;
  /** Distinct actors, most recent first. */
  actors: string[];
  /** Newest notification time in the group. */
  created_at: number;
  /** Zaps: the total and the individual amounts with messages, newest first. */
  sats: number;
  zaps: Array<{ actor?: string; sats: number; message?: string }>;
  ids: string[];
}

/** Types that group by their subject post (likes, reposts, zaps and follows). */
function groupable(type: number): boolean {
  const d = describeType(type);
  return !!d && ['followed', 'unfollowed', 'zapped', 'liked', 'reposted'].includes(d.verb);
}

/**
 * Groups notifications (newest first in, newest first out): likes, reposts and zaps of one post
 * by type; new and lost followers by type; replies, mentions and quotes stay one per post (each
 * is its own note; their actor is the author of that note). Unknown types are dropped. The group takes the time of its newest member.
 */
export function groupNotifications(
  list: readonly Notification[],
  /** The author of a post, for types whose actor is the post's author (mentions, quotes). */
  authorOf: (id: string) => string | undefined = () => undefined,
): NotificationGroup[] {
  const out = new Map<string, NotificationGroup>();
  const sorted = [...list].sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? -1 : 1));
  for (const n of sorted) {
    const d = describeType(n.type);
    if (!d) continue;
    const subjectId = subjectOf(n);
    const sourceId = sourceOf(n);
    const key = groupable(n.type) ? `${n.type}:${subjectId ?? ''}` : `id:${n.id}`;
    let g = out.get(key);
    if (!g) {
      g = {
        key,
        type: n.type,
        verb: d.verb,
        subject: d.subject,
        ...(subjectId ? { subjectId } : {}),
        ...(sourceId ? { sourceId } : {}),
        actors: [],
        created_at: n.created_at,
        sats: 0,
        zaps: [],
        ids: [],
      };
      out.set(key, g);
    }
    g.ids.push(n.id);
    const actor = actorOf(n) ?? (sourceId ? authorOf(sourceId) : undefined);
    if (actor && !g.actors.includes(actor)) g.actors.push(actor);
    if (d.verb === 'zapped') {
      const sats = Number(n.satszapped) || 0;
      g.sats += sats;
      g.zaps.push({
        ...(actor ? { actor } : {}),
        sats,
        ...(str(n.message) ? { message: str(n.message)! } : {}),
      });
    }
  }
  return [...out.values()];
}
