import { useTranslation } from '@/i18n/use-translation.ts';
import type { LucideIcon } from 'lucide-react';
import Bell from 'lucide-react/icons/bell';
import BookOpen from 'lucide-react/icons/book-open';
import Compass from 'lucide-react/icons/compass';
import Copy from 'lucide-react/icons/copy';
import House from 'lucide-react/icons/house';
import KeyRound from 'lucide-react/icons/key-round';
import Keyboard from 'lucide-react/icons/keyboard';
import Mail from 'lucide-react/icons/mail';
import MessagesSquare from 'lucide-react/icons/messages-square';
import Palette from 'lucide-react/icons/palette';
import PenLine from 'lucide-react/icons/pen-line';
import Rss from 'lucide-react/icons/rss';
import Search from 'lucide-react/icons/search';
import Server from 'lucide-react/icons/server';
import User from 'lucide-react/icons/user';
import UserPen from 'lucide-react/icons/user-pen';
import Zap from 'lucide-react/icons/zap';
import { Screen } from '@/components/screen.tsx';
import '@/screens/help.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { help } from '@/i18n/en/help.ts';

addStrings({ help });

/** What works in this release, said plainly (and what does not yet). */
const works: [string, LucideIcon][] = [
  ['help.works.feeds', House],
  ['help.works.threads', MessagesSquare],
  ['help.works.profiles', User],
  ['help.works.reads', BookOpen],
  ['help.works.explore', Compass],
  ['help.works.search', Search],
  ['help.works.feedPages', Rss],
  ['help.works.signIn', KeyRound],
  ['help.works.write', PenLine],
  ['help.works.zaps', Zap],
  ['help.works.messages', Mail],
  ['help.works.notifications', Bell],
  ['help.works.themes', Palette],
  ['help.works.network', Server],
  ['help.works.profile', UserPen],
  ['help.works.copy', Copy],
];

const syntax = ['words', 'phrase', 'exclude', 'hashtag', 'from', 'kind', 'dates', 'scope'] as const;

export function Component() {
  const { t } = useTranslation();
  return (
    <Screen title={t('nav.help')}>
      <div className="help">
        <p className="help-lead">{t('help.lead')}</p>
        <section aria-labelledby="help-works">
          <h2 id="help-works" className="help-title">
            {t('help.worksTitle')}
          </h2>
          <ul className="help-list">
            {works.map(([key, Icon]) => (
              <li key={key}>
                <span className="help-icon" aria-hidden="true">
                  <Icon size={18} />
                </span>
                <span>{t(key)}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="help-search">
          <h2 id="help-search" className="help-title">
            {t('help.searchTitle')}
          </h2>
          <p className="help-text">{t('help.searchIntro')}</p>
          <ul className="help-syntax">
            {syntax.map((key) => (
              <li key={key}>{t(`help.searchSyntax.${key}`)}</li>
            ))}
          </ul>
          <p className="help-text">{t('help.searchPaste')}</p>
        </section>
        <section aria-labelledby="help-later">
          <h2 id="help-later" className="help-title">
            {t('help.laterTitle')}
          </h2>
          <p className="help-text">{t('help.later')}</p>
        </section>
        <section aria-labelledby="help-keys">
          <h2 id="help-keys" className="help-title">
            <Keyboard size={18} aria-hidden /> {t('help.keysTitle')}
          </h2>
          <p className="help-text">{t('help.keys')}</p>
        </section>
      </div>
    </Screen>
  );
}
