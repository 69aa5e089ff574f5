import { useRef } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import Bookmark from 'lucide-react/icons/bookmark';
import Heart from 'lucide-react/icons/heart';
import MessageCircle from 'lucide-react/icons/message-circle';
import Quote from 'lucide-react/icons/quote';
import Repeat2 from 'lucide-react/icons/repeat-2';
import Zap from 'lucide-react/icons/zap';
import type { NoteStats, SignedEvent } from '@swell/cache-protocol';
import { Menu } from '@/components/ui/menu.tsx';
import { useIsBookmarked } from '@/features/lists/use-lists.ts';
import { useNoteActions, useNoteState } from '@/features/note-actions/index.ts';
import { shortNumber } from '@/lib/format.ts';

type Tone = 'reply' | 'zap' | 'like' | 'repost' | 'bookmark';

function actionLabel(parts: (string | false | undefined)[]): string {
  return parts.filter(Boolean).join(', ');
}

/** How long a press on the zap button lasts before it opens the custom zap window. */
const longPressMs = 500;

/**
 * Tap = `onTap`; holding the pointer `longPressMs`, a right click, or Shift+Enter = `onLong`
 * (the zap button: default zap, or the custom zap window).
 */
function useLongPress(onTap: () => void, onLong: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fired = useRef(false);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  return {
    onPointerDown: (e: React.PointerEvent) => {
      if (e.button !== 0) return;
      fired.current = false;
      cancel();
      timer.current = setTimeout(() => {
        fired.current = true;
        onLong();
      }, longPressMs);
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onContextMenu: (e: React.MouseEvent) => {
      e.preventDefault();
      cancel();
      onLong();
    },
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Enter' && e.shiftKey) {
        e.preventDefault();
        onLong();
      }
    },
    onClick: () => {
      cancel();
      if (fired.current) {
        fired.current = false;
        return;
      }
      onTap();
    },
  };
}

/**
 * The note's action bar: reply, zap, like, repost/quote and bookmark, each an icon with its
 * count; the signed-in user's own reply, zap, like and repost are highlighted.
 */
export function NoteActionBar({
  event,
  stats,
}: {
  event: SignedEvent;
  stats: NoteStats | undefined;
}) {
  const { t } = useTranslation();
  const actions = useNoteActions();
  const mine = useNoteState(event.id);
  const bookmarked = useIsBookmarked(event);
  const zapPress = useLongPress(
    () => actions.zap(event),
    () => actions.zapCustom(event),
  );
  const replies = stats?.replies ?? 0;
  const sats = stats?.satszapped ?? 0;
  const likes = stats?.likes ?? 0;
  const reposts = stats?.reposts ?? 0;
  const button = (
    tone: Tone,
    icon: React.ReactNode,
    count: number | null,
    label: string,
    active: boolean,
    extra: Record<string, unknown> = {},
  ) => (
    <button
      type="button"
      className={`note-action note-action-${tone}`}
      data-active={active || undefined}
      aria-label={label}
      {...extra}
    >
      <span className="note-action-icon" aria-hidden="true">
        {icon}
      </span>
      {count !== null && (
        <span className="note-action-count" aria-hidden="true">
          {count > 0 ? shortNumber(count) : ''}
        </span>
      )}
    </button>
  );
  return (
    <div className="note-actions" role="group" aria-label={t('note.actionsLabel')}>
      {button(
        'reply',
        <MessageCircle size={18} />,
        replies,
        actionLabel([
          t('note.action.reply'),
          t('note.repliesCount', { count: replies, shown: shortNumber(replies) }),
          mine.replied && t('note.youReplied'),
        ]),
        mine.replied,
        { onClick: () => actions.reply(event) },
      )}
      {button(
        'zap',
        <Zap size={18} fill={mine.zapped ? 'currentColor' : 'none'} />,
        sats,
        actionLabel([
          t('note.action.zap'),
          t('note.zapsCount', { count: sats, shown: shortNumber(sats) }),
          mine.zapped && t('note.youZapped'),
        ]),
        mine.zapped,
        zapPress,
      )}
      {button(
        'like',
        <Heart size={18} fill={mine.liked ? 'currentColor' : 'none'} />,
        likes,
        actionLabel([
          t('note.action.like'),
          t('note.likesCount', { count: likes, shown: shortNumber(likes) }),
        ]),
        mine.liked,
        { 'aria-pressed': mine.liked, onClick: () => actions.like(event) },
      )}
      <Menu
        align="start"
        trigger={button(
          'repost',
          <Repeat2 size={18} />,
          reposts,
          actionLabel([
            t('note.action.repost'),
            t('note.repostsCount', { count: reposts, shown: shortNumber(reposts) }),
            mine.reposted && t('note.youReposted'),
          ]),
          mine.reposted,
        )}
        entries={[
          {
            key: 'repost',
            label: t('note.menu.repost'),
            icon: <Repeat2 size={18} />,
            onSelect: () => actions.repost(event),
          },
          {
            key: 'quote',
            label: t('note.menu.quote'),
            icon: <Quote size={18} />,
            onSelect: () => actions.quote(event),
          },
        ]}
      />
      {button(
        'bookmark',
        <Bookmark size={18} fill={bookmarked ? 'currentColor' : 'none'} />,
        null,
        t('note.action.bookmark'),
        bookmarked,
        { 'aria-pressed': bookmarked, onClick: () => actions.bookmark(event) },
      )}
    </div>
  );
}
