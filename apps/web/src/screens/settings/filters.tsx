import { useEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Screen } from '@/components/screen.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { swell } from '@/data/client.ts';
import { fetchPage } from '@/data/connection.ts';
import { useSession } from '@/data/session.ts';
import { AllowlistSection } from '@/features/lists/allowlist-section.tsx';
import { FilterListRow } from '@/features/lists/filter-list-row.tsx';
import { SignedInOnly } from '@/features/lists/signed-in-only.tsx';
import { useLists } from '@/features/lists/use-lists.ts';
import { useSettings } from '@/features/settings/use-settings.ts';
import '@/components/ui/form.css';
import '@/features/lists/lists.css';
import '@/screens/settings/settings.css';
import '@/features/settings/settings-pages.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { lists as listsStrings } from '@/i18n/en/lists.ts';

addStrings({ lists: listsStrings });

/**
 * Settings > Content moderation: the mute lists subscribed as filter lists (the user's own always
 * first and on), with their content and trending switches, and the allowlist.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <Screen title={t('lists.filtersTitle')} back>
      <SignedInOnly>
        <FiltersBody />
      </SignedInOnly>
    </Screen>
  );
}

function FiltersBody() {
  const { t } = useTranslation();
  const { pubkey } = useSession();
  const lists = useLists();
  const { settings } = useSettings();
  const me = pubkey!;
  const others = lists.filterLists.filter((e) => e.pubkey !== me);
  const people = [...others.map((e) => e.pubkey), ...lists.allowlist].join(',');
  useEffect(() => {
    if (people) fetchPage('user_infos', { pubkeys: people.split(',') }).catch(() => {});
  }, [people]);
  return (
    <>
      <section className="settings-section" aria-labelledby="filter-lists-title">
        <h2 id="filter-lists-title" className="settings-section-title">
          {t('lists.filterListsTitle')}
        </h2>
        <p className="settings-section-intro">{t('lists.filtersIntro')}</p>
        <div className="switch-row">
          <label htmlFor="apply-filter-lists">
            {t('lists.filterApply')}
            <span className="switch-row-hint">{t('lists.filterApplyHint')}</span>
          </label>
          <Switch
            id="apply-filter-lists"
            checked={settings.applyContentModeration}
            onCheckedChange={(on) => swell().settings.update({ applyContentModeration: on })}
          />
        </div>
        <ul className="lists-entries">
          <FilterListRow
            entry={{ pubkey: me, relay: '', petname: '', content: true, trending: true }}
            own
          />
          {others.map((e) => (
            <FilterListRow key={e.pubkey} entry={e} own={false} />
          ))}
        </ul>
        {others.length === 0 && (
          <p className="lists-none lists-hint">
            {t('lists.filterNone')} {t('lists.filterHint')}
          </p>
        )}
      </section>
      <AllowlistSection allowlist={lists.allowlist} />
    </>
  );
}
