import { Suspense, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import ChartNoAxesColumn from 'lucide-react/icons/chart-no-axes-column';
import Code from 'lucide-react/icons/code';
import Copy from 'lucide-react/icons/copy';
import FilePen from 'lucide-react/icons/file-pen';
import Flag from 'lucide-react/icons/flag';
import Hash from 'lucide-react/icons/hash';
import Link2 from 'lucide-react/icons/link-2';
import Radio from 'lucide-react/icons/radio';
import Trash2 from 'lucide-react/icons/trash-2';
import UserMinus from 'lucide-react/icons/user-minus';
import UserPlus from 'lucide-react/icons/user-plus';
import VolumeX from 'lucide-react/icons/volume-x';
import Zap from 'lucide-react/icons/zap';
import type { SignedEvent } from '@swell/cache-protocol';
import type { MenuEntry } from '@/components/ui/menu-types.ts';
import MenuImpl from '@/components/ui/menu-impl.tsx';
import { useSession } from '@/data/session.ts';
import { userLabel, useUser } from '@/data/user.ts';
import { useLists } from '@/features/lists/use-lists.ts';
import { useNoteActions } from '@/features/note-actions/index.ts';
import { notePath } from '@/features/note-actions/note-addresses.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { lists as listsStrings } from '@/i18n/en/lists.ts';
import { zaps } from '@/i18n/en/zaps.ts';

addStrings({ lists: listsStrings, zaps });

const ReactionsModal = lazy(() => import('@/features/reactions/reactions-modal.tsx'));

/**
 * The note's context menu: reactions, copy link / text / id / raw event, broadcast, mute and
 * report the author, and delete for one's own notes.
 */
export default function NoteMenuImpl({
  event,
  trigger,
  openedWithKeyboard,
}: {
  event: SignedEvent;
  trigger: ReactElement<Record<string, unknown>>;
  openedWithKeyboard: boolean;
}) {
  const { t } = useTranslation();
  const actions = useNoteActions();
  const navigate = useNavigate();
  const { pubkey } = useSession();
  const [reactions, setReactions] = useState(false);
  const lists = useLists();
  const authorName = userLabel(useUser(event.pubkey));
  const own = !!pubkey && pubkey === event.pubkey;
  const following = !!pubkey && lists.following.includes(event.pubkey);
  const entries: MenuEntry[] = [
    {
      key: 'reactions',
      label: t('note.menu.reactions'),
      icon: <ChartNoAxesColumn size={18} />,
      onSelect: () => setReactions(true),
    },
    {
      key: 'copy-link',
      label: t('note.menu.copyLink'),
      icon: <Link2 size={18} />,
      onSelect: () => void actions.copyLink(event),
      separated: true,
    },
    {
      key: 'copy-text',
      label: t('note.menu.copyText'),
      icon: <Copy size={18} />,
      onSelect: () => void actions.copyText(event),
    },
    {
      key: 'copy-id',
      label: t('note.menu.copyId'),
      icon: <Hash size={18} />,
      onSelect: () => void actions.copyId(event),
    },
    {
      key: 'copy-raw',
      label: t('note.menu.copyRaw'),
      icon: <Code size={18} />,
      onSelect: () => void actions.copyRaw(event),
    },
    {
      key: 'broadcast',
      label: t('note.menu.broadcast'),
      icon: <Radio size={18} />,
      onSelect: () => actions.broadcast(event),
    },
    {
      key: 'zap',
      label: t('zaps.menu.custom'),
      icon: <Zap size={18} />,
      onSelect: () => actions.zapCustom(event),
    },
  ];
  if (!own) {
    entries.push(
      following
        ? {
            key: 'unfollow',
            label: t('lists.unfollowUser', { name: authorName }),
            icon: <UserMinus size={18} />,
            onSelect: () => actions.unfollow(event.pubkey),
            disabled: lists.followInProgress === event.pubkey,
            separated: true,
          }
        : {
            key: 'follow',
            label: t('lists.followUser', { name: authorName }),
            icon: <UserPlus size={18} />,
            onSelect: () => actions.follow(event.pubkey),
            disabled: lists.followInProgress === event.pubkey,
            separated: true,
          },
      {
        key: 'mute',
        label: t('note.menu.mute'),
        icon: <VolumeX size={18} />,
        onSelect: () => actions.muteUser(event.pubkey, event),
      },
      {
        key: 'report',
        label: t('note.menu.report'),
        icon: <Flag size={18} />,
        onSelect: () => actions.reportUser(event.pubkey, event),
        tone: 'danger',
      },
    );
  }
  if (own && event.kind === 30023) {
    // One's own article opens in the editor (the same address: an edit replaces it).
    entries.push({
      key: 'edit-article',
      label: t('note.menu.editArticle'),
      icon: <FilePen size={18} />,
      onSelect: () => void navigate(notePath(event).replace(/^\/e\//, '/write/article/')),
    });
  }
  if (own) {
    entries.push({
      key: 'delete',
      label: t('note.menu.delete'),
      icon: <Trash2 size={18} />,
      onSelect: () => actions.deleteNote(event),
      tone: 'danger',
    });
  }
  return (
    <>
      <MenuImpl trigger={trigger} entries={entries} openedWithKeyboard={openedWithKeyboard} />
      {reactions && (
        <Suspense fallback={null}>
          <ReactionsModal noteId={event.id} onClose={() => setReactions(false)} />
        </Suspense>
      )}
    </>
  );
}
