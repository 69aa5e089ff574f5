import { useTranslation } from '@/i18n/use-translation.ts';
import { Screen } from '@/components/screen.tsx';
import { TierSettings } from '@/features/subscriptions/tier-settings.tsx';
import '@/screens/settings/settings.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { tierSettings } from '@/i18n/en/tier-settings.ts';

addStrings({ tierSettings });

/**
 * Settings > Paid tiers (`/settings/tiers`, lazy): the creator's NIP-88 tiers, which readers
 * subscribe to from their profile (features/subscriptions/tier-settings.tsx).
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <Screen title={t('tierSettings.title')} back className="settings-screen">
      <TierSettings />
    </Screen>
  );
}
