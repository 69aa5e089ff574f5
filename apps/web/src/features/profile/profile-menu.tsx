import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Ellipsis from 'lucide-react/icons/ellipsis';
import Flag from 'lucide-react/icons/flag';
import ListX from 'lucide-react/icons/list-x';
import Volume2 from 'lucide-react/icons/volume-2';
import VolumeX from 'lucide-react/icons/volume-x';
import { IconButton } from '@/components/ui/button.tsx';
import { Menu } from '@/components/ui/menu.tsx';
import { userLabel, useUser } from '@/data/user.ts';
import { useLists } from '@/features/lists/use-lists.ts';
import { useNoteActions } from '@/features/note-actions/index.ts';

/** The profile's "More actions": mute or unmute, report, and their mute list. */
export function ProfileMenu({ pubkey }: { pubkey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useNoteActions();
  const user = useUser(pubkey);
  const name = userLabel(user);
  const { mutes } = useLists();
  const muted = mutes.some((m) => m.kind === 'user' && m.value === pubkey);
  return (
    <Menu
      align="end"
      trigger={
        <IconButton
          label={t('ui.moreActions')}
          icon={<Ellipsis size={18} aria-hidden />}
          className="profile-action-icon"
        />
      }
      entries={[
        muted
          ? {
              key: 'unmute',
              label: t('lists.unmuteUser', { name }),
              icon: <Volume2 size={18} />,
              onSelect: () =>
                void import('@/features/lists/list-actions.ts').then((m) =>
                  m.unmute('user', pubkey, name),
                ),
            }
          : {
              key: 'mute',
              label: t('lists.muteUser', { name }),
              icon: <VolumeX size={18} />,
              onSelect: () => actions.muteUser(pubkey),
            },
        {
          key: 'mutelist',
          label: t('lists.viewMuteList'),
          icon: <ListX size={18} />,
          onSelect: () => void navigate(`/mutelist/${user.npub}`),
        },
        {
          key: 'report',
          label: t('note.menu.report'),
          icon: <Flag size={18} />,
          onSelect: () => actions.reportUser(pubkey),
          tone: 'danger',
          separated: true,
        },
      ]}
    />
  );
}
