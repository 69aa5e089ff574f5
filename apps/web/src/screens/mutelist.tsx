import { Link, useParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import ListX from 'lucide-react/icons/list-x';
import UserX from 'lucide-react/icons/user-x';
import { followsOf } from '@swell/client';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { Screen } from '@/components/screen.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton.tsx';
import { fetchPage } from '@/data/connection.ts';
import { useSession } from '@/data/session.ts';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { parsePubkeyInput } from '@/features/lists/list-keys.ts';
import { changeFilterList } from '@/features/lists/list-actions.ts';
import { useLists } from '@/features/lists/use-lists.ts';
import { UserRow } from '@/features/search/user-row.tsx';
import { useAsync } from '@/lib/use-async.ts';
import '@/features/lists/lists.css';
import '@/features/search/search.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { lists as listsStrings } from '@/i18n/en/lists.ts';

addStrings({ lists: listsStrings });

/** `/mutelist/:npub`: another user's public mute list, which can be subscribed as a filter list. */
export function Component() {
  const { t } = useTranslation();
  const { npub = '' } = useParams();
  const pubkey = parsePubkeyInput(npub);
  if (!pubkey) {
    return (
      <Screen title={t('lists.muteListTitle')} back>
        <EmptyState icon={<UserX size={26} />} title={t('lists.muteListInvalid')} />
      </Screen>
    );
  }
  return <MuteList key={pubkey} pubkey={pubkey} />;
}

function MuteList({ pubkey }: { pubkey: string }) {
  const { t } = useTranslation();
  const ownerUser = useUser(pubkey);
  const owner = userLabel(ownerUser);
  const result = useAsync(pubkey, async (signal) => {
    const [page] = await Promise.all([
      fetchPage('mutelist', { pubkey, extended_response: true }, signal),
      fetchPage('user_infos', { pubkeys: [pubkey] }, signal).catch(() => undefined),
    ]);
    const list = page.others
      .filter((e) => e.kind === 10000 && e.pubkey === pubkey)
      .sort((a, b) => b.created_at - a.created_at)[0];
    const words = (list?.tags ?? []).filter((tag) => tag[0] === 'word').map((tag) => tag[1]!);
    const hashtags = (list?.tags ?? []).filter((tag) => tag[0] === 't').map((tag) => tag[1]!);
    return { users: followsOf(list), words, hashtags };
  });
  return (
    <Screen title={t('lists.muteListOf', { name: owner })} back>
      <div className="lists-owner">
        <Link to={profileLink(ownerUser)} className="lists-owner-link">
          <Avatar picture={ownerUser.picture} size="sm" name={owner} />
          <span className="lists-owner-text">
            <strong>{owner}</strong>
            {result.data && (
              <span>{t('lists.muteListCount', { count: result.data.users.length })}</span>
            )}
          </span>
        </Link>
        <SubscribeButton pubkey={pubkey} name={owner} />
      </div>
      {result.loading && (
        <LoadingRegion label={t('lists.loading')}>
          <div className="lists-skeleton">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} height={44} />
            ))}
          </div>
        </LoadingRegion>
      )}
      {result.error !== undefined && (
        <ErrorState title={t('lists.loadFailed')} onRetry={result.retry} />
      )}
      {result.data &&
        (result.data.users.length + result.data.words.length + result.data.hashtags.length === 0 ? (
          <EmptyState icon={<ListX size={26} />} title={t('lists.muteListEmpty')} />
        ) : (
          <>
            <ul className="lists-mutelist" aria-label={t('lists.mutedUsers')}>
              {result.data.users.map((pk) => (
                <li key={pk}>
                  <UserRow pubkey={pk} />
                </li>
              ))}
            </ul>
            {(result.data.words.length > 0 || result.data.hashtags.length > 0) && (
              <ul className="lists-tags" aria-label={t('lists.mutedWords')}>
                {result.data.words.map((w) => (
                  <li key={`w:${w}`} className="lists-badge">
                    {w}
                  </li>
                ))}
                {result.data.hashtags.map((h) => (
                  <li key={`t:${h}`} className="lists-badge">
                    #{h}
                  </li>
                ))}
              </ul>
            )}
          </>
        ))}
    </Screen>
  );
}

/** Subscribe to this list as a filter list (both scopes on), or unsubscribe. */
function SubscribeButton({ pubkey, name }: { pubkey: string; name: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const lists = useLists();
  if (session.pubkey === pubkey) {
    return <span className="lists-none">{t('lists.muteListYours')}</span>;
  }
  const subscribed = lists.filterLists.some((e) => e.pubkey === pubkey);
  const busy = !!lists.busy.filterLists;
  return subscribed ? (
    <Button
      disabled={busy}
      onClick={() =>
        void changeFilterList({ type: 'remove', pubkey }, t('lists.unsubscribedFrom', { name }))
      }
    >
      {t('lists.muteListUnsubscribe')}
    </Button>
  ) : (
    <Button
      variant="primary"
      disabled={busy}
      onClick={() =>
        void changeFilterList({ type: 'add', pubkey }, t('lists.subscribedTo', { name }))
      }
    >
      {t('lists.muteListSubscribe')}
    </Button>
  );
}
