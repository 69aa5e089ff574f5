import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import LockKeyhole from 'lucide-react/icons/lock-keyhole';
import MessageCircle from 'lucide-react/icons/message-circle';
import { userDisplayName } from '@swell/nostr';
import type { DirectMessages } from '@swell/client';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { Screen } from '@/components/screen.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton.tsx';
import { fetchPage } from '@/data/connection.ts';
import { profileLink, useUser } from '@/data/user.ts';
import { MessageBubble } from '@/features/messages/message-bubble.tsx';
import { MessageComposer } from '@/features/messages/message-composer.tsx';
import { useObservable } from '@/features/messages/use-observable.ts';
import { useStickToBottom } from '@/lib/use-stick-to-bottom.ts';

/** One conversation: NIP-04 and NIP-17 messages in time order, paged by 20, and the composer. */
export function ConversationView({ model, peer }: { model: DirectMessages; peer: string }) {
  const { t } = useTranslation();
  const conv = model.conversation(peer);
  const snap = useObservable(conv);
  const contacts = useObservable(model);
  const queue = useObservable(model.queue);
  const inbox = useObservable(model.inbox);
  const user = useUser(peer);
  const name = userDisplayName(user);
  const unread =
    [...contacts.follows, ...contacts.other].find((c) => c.pubkey === peer)?.unread ?? 0;

  useEffect(() => {
    fetchPage('user_infos', { pubkeys: [peer] }).catch(() => {});
    return () => model.closeConversation();
  }, [model, peer]);

  // Opening the conversation (and every message that arrives while it is open) marks it read,
  // once the messages on screen are decrypted; a message that failed to decrypt keeps it unread.
  const shownKey = snap.messages.map((m) => `${m.id}:${m.state}`).join(',');
  useEffect(() => {
    if (unread === 0 || document.visibilityState !== 'visible') return;
    model.markRead(conv).catch((e: unknown) => {
      console.warn('could not mark the conversation read:', (e as Error).message);
    });
  }, [model, conv, unread, shownKey]);

  // Newest at the bottom: the messages scroll between the title bar and the composer (not the
  // page), open at the newest and stay there when messages arrive, unless reading older ones.
  const newest = snap.messages[0]?.id;
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useStickToBottom(scroller, content, newest);

  const ordered = [...snap.messages].reverse();
  return (
    <Screen
      title={name}
      back
      className="dm-conversation"
      actions={
        <Link to={profileLink(user)} className="dm-peer-link" aria-label={name}>
          <Avatar picture={user.picture} size="vs" name={name} />
        </Link>
      }
    >
      {queue.held > 0 && (
        <div className="dm-banner" role="status">
          <LockKeyhole size={18} aria-hidden />
          <div>
            <p className="dm-banner-title">{t('messages.heldTitle')}</p>
            <p>{t('messages.heldBody', { count: queue.held })}</p>
          </div>
          <Button size="sm" variant="primary" onClick={() => model.queue.allow()}>
            {t('messages.decryptAll')}
          </Button>
        </div>
      )}
      {inbox.undecryptable > 0 && (
        <p className="dm-note">{t('messages.undecryptable', { count: inbox.undecryptable })}</p>
      )}
      <div
        ref={scroller}
        className="dm-thread-wrap"
        aria-label={t('messages.conversationWith', { name })}
        role="log"
        tabIndex={0}
      >
        <div ref={content}>
          {snap.hasMore && (
            <div className="dm-older">
              <Button
                size="sm"
                variant="ghost"
                disabled={snap.loading}
                onClick={() => void conv.loadMore()}
              >
                {t('messages.loadOlder')}
              </Button>
            </div>
          )}
          {snap.error && snap.messages.length === 0 ? (
            <ErrorState
              title={t('messages.loadFailed')}
              onRetry={() => void conv.loadMore()}
              compact
            />
          ) : snap.loading && snap.messages.length === 0 ? (
            <LoadingRegion label={t('messages.loading')}>
              <div className="dm-thread">
                <Skeleton width="55%" height={36} />
                <Skeleton width="40%" height={36} style={{ alignSelf: 'flex-end' }} />
                <Skeleton width="60%" height={36} />
              </div>
            </LoadingRegion>
          ) : snap.messages.length === 0 ? (
            <EmptyState icon={<MessageCircle size={24} />} title={t('messages.empty')} compact />
          ) : (
            <ol className="dm-thread">
              {ordered.map((m, i) => (
                <MessageBubble
                  key={m.localId ?? m.id}
                  message={m}
                  mine={m.sender === model.me}
                  grouped={ordered[i - 1]?.sender === m.sender}
                  onRetry={() => m.localId && conv.retry(m.localId)}
                  onDiscard={() => m.localId && conv.discard(m.localId)}
                />
              ))}
            </ol>
          )}
        </div>
      </div>
      <MessageComposer conversation={conv} name={name} />
    </Screen>
  );
}
