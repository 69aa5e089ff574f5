import { useTranslation } from '@/i18n/use-translation.ts';
import UserCheck from 'lucide-react/icons/user-check';
import UserPlus from 'lucide-react/icons/user-plus';
import { Button, type ButtonSize } from '@/components/ui/button.tsx';
import { useSession } from '@/data/session.ts';
import { userLabel, useUser } from '@/data/user.ts';
import { useNoteActions } from '@/features/note-actions/index.ts';
import { useLists } from '@/features/lists/use-lists.ts';

/**
 * Follow / Unfollow for one account (spec section 4): hidden for yourself; a guest's click opens
 * the sign-in dialog; disabled while a follow or unfollow of this account is running
 * (`followInProgress`).
 */
export function FollowButton({ pubkey, size = 'md' }: { pubkey: string; size?: ButtonSize }) {
  const { t } = useTranslation();
  const session = useSession();
  const lists = useLists();
  const actions = useNoteActions();
  const name = userLabel(useUser(pubkey));
  if (session.pubkey === pubkey) return null;
  const following = !!session.pubkey && lists.following.includes(pubkey);
  const busy = lists.followInProgress === pubkey;
  const iconSize = size === 'sm' ? 14 : 16;
  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      size={size}
      className="follow-button"
      icon={
        following ? (
          <UserCheck size={iconSize} aria-hidden />
        ) : (
          <UserPlus size={iconSize} aria-hidden />
        )
      }
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={t(following ? 'lists.unfollowUser' : 'lists.followUser', { name })}
      data-following={following || undefined}
      onClick={() => (following ? actions.unfollow(pubkey) : actions.follow(pubkey))}
    >
      {t(following ? 'lists.unfollow' : 'lists.follow')}
    </Button>
  );
}
