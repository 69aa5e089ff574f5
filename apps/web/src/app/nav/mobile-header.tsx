import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import { AccountButton } from '@/features/account/account-area.tsx';
import { useTheme } from '@/theme/theme-store.ts';
import { themeByName } from '@/theme/themes.ts';

/** The phone's compact header: the logo and the account button. */
export function MobileHeader() {
  const { t } = useTranslation();
  const theme = themeByName(useTheme());
  return (
    <header className="mobile-header">
      <Link to="/home" className="brand" aria-label={t('app.homeLink')}>
        <img src={theme.logo} alt="" width={30} height={30} className="brand-logo" />
        <span className="brand-name" aria-hidden="true">
          {t('app.name')}
        </span>
      </Link>
      <AccountButton placement="header" />
    </header>
  );
}
