import { useTranslation } from '@/i18n/use-translation.ts';
import Check from 'lucide-react/icons/check';
import { Screen } from '@/components/screen.tsx';
import { setTheme, useTheme } from '@/theme/theme-store.ts';
import { themes } from '@/theme/themes.ts';
import '@/screens/settings/settings.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { settings } from '@/i18n/en/settings.ts';

addStrings({ settings });

export function Component() {
  const { t } = useTranslation();
  const current = useTheme();
  return (
    <Screen title={t('settings.appearance')} back>
      <div className="settings-section">
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
              {/* A small picture of the theme, drawn in its own colours (decorative). */}
              <span className="theme-preview" data-theme={theme.name} aria-hidden="true">
                <span className="theme-preview-row">
                  <span className="theme-preview-dot" />
                  <span className="theme-preview-bar" />
                </span>
                <span className="theme-preview-bar" />
                <span className="theme-preview-bar" />
                <span className="theme-preview-accent" />
              </span>
              <span className="theme-option-label">
                <img src={theme.logo} alt="" width={22} height={22} />
                {t(theme.label)}
                <span className="theme-option-mode">
                  {theme.dark ? t('settings.themeDark') : t('settings.themeLight')}
                </span>
              </span>
              <span className="theme-option-check" aria-hidden="true">
                <Check size={14} />
              </span>
            </label>
          ))}
        </fieldset>
      </div>
    </Screen>
  );
}
