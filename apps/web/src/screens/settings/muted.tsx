import { useEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Screen } from '@/components/screen.tsx';
import { fetchPage } from '@/data/connection.ts';
import { AddMuteForm } from '@/features/lists/add-mute-form.tsx';
import { MutedSection } from '@/features/lists/muted-entries.tsx';
import { SignedInOnly } from '@/features/lists/signed-in-only.tsx';
import { useLists } from '@/features/lists/use-lists.ts';
import '@/components/ui/form.css';
import '@/features/lists/lists.css';
import '@/screens/settings/settings.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { lists as listsStrings } from '@/i18n/en/lists.ts';

addStrings({ lists: listsStrings });

/**
 * Settings > Muted accounts: muted accounts, words, hashtags and threads (public and private
 * entries, each removable), and forms to mute an account (typed key), a word or a hashtag.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <Screen title={t('lists.mutedTitle')} back>
      <SignedInOnly>
        <MutedBody />
      </SignedInOnly>
    </Screen>
  );
}

function MutedBody() {
  const { t } = useTranslation();
  const lists = useLists();
  const users = lists.mutes.filter((m) => m.kind === 'user').map((m) => m.value);
  const usersKey = users.join(',');
  useEffect(() => {
    // Names and pictures of the muted accounts.
    if (usersKey) fetchPage('user_infos', { pubkeys: usersKey.split(',') }).catch(() => {});
  }, [usersKey]);
  return (
    <>
      <p className="settings-section-intro lists-intro">{t('lists.mutedIntro')}</p>
      {lists.privateMutes === 'unreadable' && (
        <p className="lists-warning" role="note">
          {t('lists.mutedPrivateUnreadable')}
        </p>
      )}
      <MutedSection kind="user" title={t('lists.mutedUsers')} entries={lists.mutes}>
        <AddMuteForm kind="user" />
      </MutedSection>
      <MutedSection kind="word" title={t('lists.mutedWords')} entries={lists.mutes}>
        <AddMuteForm kind="word" />
      </MutedSection>
      <MutedSection kind="hashtag" title={t('lists.mutedHashtags')} entries={lists.mutes}>
        <AddMuteForm kind="hashtag" />
      </MutedSection>
      <MutedSection kind="thread" title={t('lists.mutedThreads')} entries={lists.mutes} />
    </>
  );
}
