import { useTranslation } from 'react-i18next';
import { Screen } from '@/components/screen.tsx';
import { setTheme, useTheme } from '@/theme/theme-store.ts';
import { themes } from '@/theme/themes.ts';

export function Component() {
  const { t } = useTranslation();
  const current = useTheme();
  return (
    <Screen title={t('settings.appearance')}>
      <fieldset className="theme-picker">
        <legend>{t('settings.theme')}</legend>
        {themes.map((theme) => (
          <label key={theme.name} className="theme-option">
            <input
              type="radio"
              name="theme"
              value={theme.name}
              checked={current === theme.name}
              onChange={() => setTheme(theme.name)}
            />
            <img src={theme.logo} alt="" width={32} height={32} />
            <span>
              {t(theme.label)}
              {theme.dark && <span className="muted"> ({t('settings.themeDark')})</span>}
            </span>
          </label>
        ))}
      </fieldset>
    </Screen>
  );
}
