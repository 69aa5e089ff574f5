import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import MessagesSquare from 'lucide-react/icons/messages-square';
import { userDisplayName } from '@swell/nostr';
import type { DmContact } from '@swell/client';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { capCount } from '@/components/ui/badge.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useSession } from '@/data/session.ts';
import { useUser } from '@/data/user.ts';
import { contactPubkey, conversationLink } from '@/features/messages/contact-address.ts';
import { directMessagesFor } from '@/features/messages/dm-model.ts';
import { useObservable } from '@/features/messages/use-observable.ts';
import { SidebarCard } from '@/features/sidebar/sidebar-card.tsx';
import '@/features/messages/messages.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { messages } from '@/i18n/en/messages.ts';
import { sidebarCards } from '@/i18n/en/sidebar-cards.ts';

addStrings({ messages, sidebarCards });

/** How many conversations the sidebar lists (the most recent). */
const shown = 12;

function Row({ contact, current }: { contact: DmContact; current: boolean }) {
  const { t } = useTranslation();
  const user = useUser(contact.pubkey);
  const name = userDisplayName(user);
  return (
    <li>
      <Link
        to={conversationLink(contact.pubkey)}
        className={current ? 'dm-side-row dm-contact-current' : 'dm-side-row'}
        aria-current={current ? 'page' : undefined}
      >
        <Avatar pubkey={user.pubkey} picture={user.picture} size="xs" name={name} />
        <span className="dm-side-name">{name}</span>
        {contact.unread > 0 && (
          <span
            className="dm-unread"
            aria-label={t('messages.unreadIn', { count: contact.unread })}
          >
            {capCount(contact.unread)}
          </span>
        )}
      </Link>
    </li>
  );
}

/**
 * Beside a conversation on wide screens: the other conversations (follows and others together,
 * the most recent first), the open one marked, so the user can switch without going back.
 */
export default function ConversationsSidebar({ contact }: { contact: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const me = session.pubkey;
  const peer = contactPubkey(contact);
  if (!me || !session.canSign || !peer) return null;
  return <Conversations me={me} peer={peer} title={t('sidebarCards.conversations')} />;
}

function Conversations({ me, peer, title }: { me: string; peer: string; title: string }) {
  const { t } = useTranslation();
  const model = directMessagesFor(me);
  const snap = useObservable(model);
  const contacts = [...snap.follows, ...snap.other]
    .sort((a, b) => b.latestAt - a.latestAt)
    .slice(0, shown);
  return (
    <div className="sidebar">
      <SidebarCard title={title} icon={<MessagesSquare size={18} />} busy={snap.loading}>
        {snap.loading && contacts.length === 0 ? (
          <Skeleton height={120} />
        ) : contacts.length === 0 ? (
          <p className="sidebar-empty">{t('sidebarCards.noConversations')}</p>
        ) : (
          <ul className="dm-side-list">
            {contacts.map((c) => (
              <Row key={c.pubkey} contact={c} current={c.pubkey === peer} />
            ))}
          </ul>
        )}
        <Link to="/dms" className="sidebar-more">
          {t('sidebarCards.allConversations')}
        </Link>
      </SidebarCard>
    </div>
  );
}
