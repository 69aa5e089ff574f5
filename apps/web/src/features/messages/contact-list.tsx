import { Suspense, useEffect, useState } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import CheckCheck from 'lucide-react/icons/check-check';
import Inbox from 'lucide-react/icons/inbox';
import SquarePen from 'lucide-react/icons/square-pen';
import type { DirectMessages, DmContact, DmRelation } from '@swell/client';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { Screen } from '@/components/screen.tsx';
import { Button } from '@/components/ui/button.tsx';
import { capCount } from '@/components/ui/badge.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { notify } from '@/components/ui/notify.ts';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Tabs } from '@/components/ui/tabs.tsx';
import { fetchPage } from '@/data/connection.ts';
import { swell } from '@/data/client.ts';
import { useUser } from '@/data/user.ts';
import { userDisplayName } from '@swell/nostr';
import { compactTime } from '@/lib/format.ts';
import { conversationLink } from '@/features/messages/contact-address.ts';
import { MessagePreview } from '@/features/messages/message-preview.tsx';
import { useObservable } from '@/features/messages/use-observable.ts';

const NewMessageDialog = lazy(() => import('@/features/messages/new-message-dialog.tsx'));

/** Contacts without a profile in the store yet (NIP-17 peers the cache did not describe). */
function useProfiles(pubkeys: readonly string[]) {
  const key = pubkeys.join(',');
  useEffect(() => {
    const store = swell().store;
    const missing = pubkeys.filter((p) => !store.user(p)).slice(0, 100);
    if (missing.length > 0) fetchPage('user_infos', { pubkeys: missing }).catch(() => {});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

/** The contact list of `/dms`: relation tabs (follows / other), unread counts, mark all read. */
export function ContactList({ model }: { model: DirectMessages }) {
  const { t } = useTranslation();
  const snap = useObservable(model);
  const [relation, setRelation] = useState<DmRelation>(() => model.prefs.lastRelation());
  const [marking, setMarking] = useState(false);
  const [composing, setComposing] = useState(false);
  const list = relation === 'follows' ? snap.follows : snap.other;
  const unreadOf = (l: readonly DmContact[]) => l.reduce((n, c) => n + c.unread, 0);
  const total = unreadOf(snap.follows) + unreadOf(snap.other);
  useProfiles([...snap.follows, ...snap.other].map((c) => c.pubkey));
  const last = model.prefs.lastConversation();

  const choose = (r: DmRelation) => {
    setRelation(r);
    model.prefs.remember({ relation: r });
  };
  const markAll = async () => {
    setMarking(true);
    try {
      await model.markAllRead();
    } catch {
      notify.error(t('messages.markAllReadFailed'));
    } finally {
      setMarking(false);
    }
  };
  // Unread messages, said as such ("Follows 3 unread"): a bare number read as a contact count.
  const tabCount = (l: readonly DmContact[]) => {
    const n = unreadOf(l);
    return n > 0 ? t('messages.unreadTab', { count: n, shown: capCount(n) }) : undefined;
  };

  return (
    <Screen
      title={t('messages.title')}
      actions={
        <>
          <Button
            size="sm"
            variant="ghost"
            icon={<CheckCheck size={16} aria-hidden />}
            disabled={total === 0 || marking}
            onClick={() => void markAll()}
            aria-label={t('messages.markAllRead')}
            className="dm-header-action"
          >
            <span className="dm-header-action-label">{t('messages.markAllRead')}</span>
          </Button>
          <Button
            size="sm"
            variant="primary"
            icon={<SquarePen size={16} aria-hidden />}
            onClick={() => setComposing(true)}
            aria-label={t('messages.newMessage')}
            className="dm-header-action"
          >
            <span className="dm-header-action-label">{t('messages.newMessage')}</span>
          </Button>
        </>
      }
    >
      {composing && (
        <Suspense fallback={null}>
          <NewMessageDialog viewer={model.me} onClose={() => setComposing(false)} />
        </Suspense>
      )}
      <Tabs
        label={t('messages.relationLabel')}
        value={relation}
        onChange={choose}
        stretch
        items={[
          { value: 'follows', label: t('messages.follows'), count: tabCount(snap.follows) },
          { value: 'other', label: t('messages.other'), count: tabCount(snap.other) },
        ]}
      >
        {snap.loading && list.length === 0 ? (
          <ContactSkeletons />
        ) : snap.error && list.length === 0 ? (
          <ErrorState title={t('messages.loadFailed')} onRetry={() => void model.reload()} />
        ) : list.length === 0 ? (
          <EmptyState
            icon={<Inbox size={28} />}
            title={t('messages.noContacts')}
            body={
              relation === 'follows'
                ? t('messages.noContactsFollows')
                : t('messages.noContactsOther')
            }
          />
        ) : (
          <ul className="dm-contacts">
            {list.map((c) => (
              <ContactRow key={c.pubkey} contact={c} me={model.me} current={c.pubkey === last} />
            ))}
          </ul>
        )}
      </Tabs>
    </Screen>
  );
}

function ContactRow({
  contact,
  me,
  current,
}: {
  contact: DmContact;
  me: string;
  current: boolean;
}) {
  const { t } = useTranslation();
  const user = useUser(contact.pubkey);
  const name = userDisplayName(user);
  return (
    <li>
      <Link
        to={conversationLink(contact.pubkey)}
        className={current ? 'dm-contact dm-contact-current' : 'dm-contact'}
        aria-current={current ? 'true' : undefined}
      >
        <Avatar pubkey={user.pubkey} picture={user.picture} size="md" name={name} />
        <span className="dm-contact-main">
          <span className="dm-contact-top">
            <span className="dm-contact-name">{name}</span>
            {contact.latestAt > 0 && (
              <time
                className="dm-contact-time"
                dateTime={new Date(contact.latestAt * 1000).toISOString()}
              >
                {compactTime(contact.latestAt)}
              </time>
            )}
          </span>
          <span className="dm-contact-bottom">
            <span className="dm-contact-preview">
              {contact.latest && <MessagePreview message={contact.latest} me={me} />}
            </span>
            {contact.unread > 0 && (
              <span
                className="dm-unread"
                aria-label={t('messages.unreadIn', { count: contact.unread })}
              >
                {capCount(contact.unread)}
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

function ContactSkeletons() {
  return (
    <ul className="dm-contacts" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="dm-contact">
          <Skeleton width={48} height={48} circle />
          <span className="dm-contact-main">
            <Skeleton width="40%" height={14} />
            <Skeleton width="70%" height={12} />
          </span>
        </li>
      ))}
    </ul>
  );
}
