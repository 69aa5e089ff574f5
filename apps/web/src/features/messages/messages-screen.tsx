import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Mail from 'lucide-react/icons/mail';
import { Screen } from '@/components/screen.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useSession } from '@/data/session.ts';
import { openUnlock } from '@/features/account/login-dialog.ts';
import { openGetStarted } from '@/features/account/start-store.ts';
import { ContactList } from '@/features/messages/contact-list.tsx';
import { contactPubkey } from '@/features/messages/contact-address.ts';
import { ConversationView } from '@/features/messages/conversation-view.tsx';
import { directMessagesFor } from '@/features/messages/dm-model.ts';
import '@/features/messages/messages.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { messages } from '@/i18n/en/messages.ts';

addStrings({ messages });

/** `/dms/:contact?`: the contact list, or the conversation with one contact (spec section 2). */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  const { contact } = useParams();
  const peer = contactPubkey(contact);
  const me = session.pubkey;
  const model = useMemo(
    () => (me && session.canSign ? directMessagesFor(me) : null),
    [me, session.canSign],
  );
  useEffect(() => {
    document.title = `${t('messages.title')} | ${t('app.name')}`;
  }, [t]);

  if (!model) {
    return (
      <Screen title={t('messages.title')}>
        <EmptyState
          icon={<Mail size={28} />}
          title={t('messages.signInTitle')}
          body={me && session.resolved ? t('messages.lockedBody') : t('messages.signInBody')}
          actions={
            session.needsPin ? (
              <Button variant="primary" onClick={openUnlock}>
                {t('login.unlock')}
              </Button>
            ) : !me && session.resolved ? (
              // A guest (a profile's Message link leads here): the getting started modal, and
              // the conversation opens here once they signed in or made an account.
              <Button variant="primary" onClick={() => openGetStarted('message')}>
                {t('nav.getStarted')}
              </Button>
            ) : undefined
          }
        />
      </Screen>
    );
  }
  if (contact && !peer) {
    return (
      <Screen title={t('messages.title')} back>
        <EmptyState icon={<Mail size={28} />} title={t('messages.invalidContact')} />
      </Screen>
    );
  }
  if (peer) return <ConversationView model={model} peer={peer} />;
  return <ContactList model={model} />;
}
