import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Zap from 'lucide-react/icons/zap';
import type { ZapListItem } from '@swell/client';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { FeedItem } from '@/features/note/note-card.tsx';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { FollowButton } from '@/features/lists/follow-button.tsx';
import { UserRow } from '@/features/search/user-row.tsx';
import { shortNumber } from '@/lib/format.ts';

/** A rising account of the people tab: the user, how many followers they gained, Follow. */
export function PersonItem({ pubkey, gained }: { pubkey: string; gained: number | undefined }) {
  const { t } = useTranslation();
  const name = userLabel(useUser(pubkey));
  return (
    // An article, so that the People feed holds only articles (ARIA feed).
    <article className="explore-person" aria-label={name}>
      <UserRow pubkey={pubkey} />
      {gained !== undefined && gained > 0 && (
        <span className="explore-person-gain">
          {t('explore.followersGained', { count: gained, shown: shortNumber(gained) })}
        </span>
      )}
      <FollowButton pubkey={pubkey} size="sm" />
    </article>
  );
}

/** A zap of the zaps tab: who zapped how much (and their message), above the zapped note. */
export function ZapItem({ zap }: { zap: ZapListItem }) {
  const { t } = useTranslation();
  const sender = useUser(zap.sender);
  const receiver = useUser(zap.reciver);
  const senderName = userLabel(sender);
  return (
    <article
      className="explore-zap"
      aria-label={t('explore.zapOf', {
        amount: shortNumber(zap.amount),
        sender: senderName,
        receiver: userLabel(receiver),
      })}
    >
      <div className="explore-zap-head">
        <Link to={profileLink(sender)} className="explore-zap-sender">
          <Avatar picture={sender.picture} size="xxs" name={senderName} />
          <span className="note-name">{senderName}</span>
        </Link>
        <span className="explore-zap-amount">
          <Zap size={16} aria-hidden />
          {shortNumber(zap.amount)}
        </span>
      </div>
      {zap.message && <p className="explore-zap-message">{zap.message}</p>}
      <div className="explore-zap-target">
        <FeedItem id={zap.zappedId} variant="feed" />
      </div>
    </article>
  );
}
