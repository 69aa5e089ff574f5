import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Repeat2 from 'lucide-react/icons/repeat-2';
import { profileLink, userLabel, useUser } from '@/data/user.ts';

/** "Bob reposted" above a reposted note. */
export function RepostLine({ pubkey }: { pubkey: string }) {
  const { t } = useTranslation();
  const user = useUser(pubkey);
  return (
    <p className="note-repost">
      <Repeat2 size={15} aria-hidden />
      <Link to={profileLink(user)}>{t('note.repostedBy', { name: userLabel(user) })}</Link>
    </p>
  );
}
