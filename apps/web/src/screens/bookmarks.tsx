import { useState } from 'react';
import { bookmarksModel } from '@swell/client';
import { useTranslation } from '@/i18n/use-translation.ts';
import Bookmark from 'lucide-react/icons/bookmark';
import { Screen } from '@/components/screen.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Tabs } from '@/components/ui/tabs.tsx';
import { swell } from '@/data/client.ts';
import { useSession } from '@/data/session.ts';
import { useModel } from '@/data/use-model.ts';
import { openLogin } from '@/features/account/login-dialog.ts';
import { BookmarkedReads } from '@/features/bookmarks/bookmarked-reads.tsx';
import { FeedView } from '@/features/feed/feed-view.tsx';
import { useLists } from '@/features/lists/use-lists.ts';
import '@/features/bookmarks/bookmarks.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { lists as listsStrings } from '@/i18n/en/lists.ts';

addStrings({ lists: listsStrings });

type Tab = 'notes' | 'reads';

/** `/bookmarks`: the signed-in user's bookmarked notes and reads (kind 10003), each paged. */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  const [tab, setTab] = useState<Tab>('notes');
  return (
    <Screen title={t('lists.bookmarksTitle')}>
      {session.pubkey ? (
        <Tabs
          label={t('lists.bookmarksTabs')}
          items={[
            { value: 'notes', label: t('lists.bookmarksNotes') },
            { value: 'reads', label: t('lists.bookmarksReads') },
          ]}
          value={tab}
          onChange={setTab}
        >
          {tab === 'notes' ? (
            <BookmarkedNotes pubkey={session.pubkey} />
          ) : (
            <BookmarkedReadsTab pubkey={session.pubkey} />
          )}
        </Tabs>
      ) : session.resolved ? (
        <EmptyState
          icon={<Bookmark size={26} />}
          title={t('lists.bookmarksSignIn')}
          body={t('lists.bookmarksSignInBody')}
          actions={
            <Button variant="primary" onClick={() => openLogin()}>
              {t('lists.signIn')}
            </Button>
          }
        />
      ) : null}
    </Screen>
  );
}

/**
 * The bookmarked notes, paged by the cache (`feed` with `notes: "bookmarks"`); the model loads
 * them again when the bookmarks change (a note bookmarked or removed here or on another screen).
 */
function BookmarkedNotes({ pubkey }: { pubkey: string }) {
  const { t } = useTranslation();
  const lists = useLists();
  const feed = useModel(bookmarksModel, pubkey)!.model;
  if (lists.status === 'ready' && lists.bookmarks.notes.length === 0) {
    return (
      <EmptyState
        icon={<Bookmark size={26} />}
        title={t('lists.bookmarksEmpty')}
        body={t('lists.bookmarksEmptyBody')}
      />
    );
  }
  return (
    <>
      {lists.status === 'error' && (
        <ErrorState
          compact
          title={t('lists.loadFailed')}
          onRetry={() => void swell().lists.load(true)}
        />
      )}
      <FeedView feed={feed} label={t('lists.bookmarksNotes')} />
    </>
  );
}

function BookmarkedReadsTab({ pubkey }: { pubkey: string }) {
  const lists = useLists();
  return <BookmarkedReads coordinates={lists.bookmarks.articles} userPubkey={pubkey} />;
}
