import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import X from 'lucide-react/icons/x';
import type { FilterListEntry } from '@swell/client';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { IconButton } from '@/components/ui/button.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { userLabel, useUser } from '@/data/user.ts';
import { changeFilterList } from '@/features/lists/list-actions.ts';

/**
 * One subscribed mute list: whose it is (linked to the list), its content and trending switches
 * and an unsubscribe button. The user's own list is always there with both on (disabled).
 */
export function FilterListRow({ entry, own }: { entry: FilterListEntry; own: boolean }) {
  const { t } = useTranslation();
  const user = useUser(entry.pubkey);
  const name = own ? t('lists.filterYou') : userLabel(user);
  const [busy, setBusy] = useState(false);
  const run = (p: Promise<unknown>) => {
    setBusy(true);
    void p.finally(() => setBusy(false));
  };
  const scope = (key: 'content' | 'trending', on: boolean) =>
    run(changeFilterList({ type: 'update', pubkey: entry.pubkey, scopes: { [key]: on } }));
  return (
    <li className="lists-entry lists-filter">
      <Link to={`/mutelist/${user.npub}`} className="lists-entry-main">
        <Avatar picture={user.picture} size="xs" name={userLabel(user)} />
        <span className="lists-entry-name">{name}</span>
      </Link>
      <span className="lists-filter-switches">
        <span className="lists-filter-switch">
          <Switch
            checked={entry.content}
            disabled={own || busy}
            label={t('lists.filterContentOf', { name })}
            onCheckedChange={(on) => scope('content', on)}
          />
          <span aria-hidden="true">{t('lists.filterContent')}</span>
        </span>
        <span className="lists-filter-switch">
          <Switch
            checked={entry.trending}
            disabled={own || busy}
            label={t('lists.filterTrendingOf', { name })}
            onCheckedChange={(on) => scope('trending', on)}
          />
          <span aria-hidden="true">{t('lists.filterTrending')}</span>
        </span>
        {own ? (
          <span className="lists-filter-spacer" aria-hidden="true" />
        ) : (
          <IconButton
            size="sm"
            label={t('lists.filterRemove', { name })}
            icon={<X size={16} aria-hidden />}
            disabled={busy}
            onClick={() =>
              run(
                changeFilterList(
                  { type: 'remove', pubkey: entry.pubkey },
                  t('lists.unsubscribedFrom', { name }),
                ),
              )
            }
          />
        )}
      </span>
    </li>
  );
}
