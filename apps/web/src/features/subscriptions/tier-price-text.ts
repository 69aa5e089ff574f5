import { tierCostMsat, type TierCost } from '@swell/client';
import type { useTranslation } from '@/i18n/use-translation.ts';

type Translate = ReturnType<typeof useTranslation>['t'];

/** A tier's price as its creator set it: "2,100 sats per month", "$5 per year". */
export function tierPriceText(t: Translate, cost: TierCost): string {
  const amount =
    cost.unit === 'USD'
      ? t('tierSettings.usd', { amount: cost.amount })
      : t('tierSettings.sats', {
          amount: ((tierCostMsat(cost) ?? 0) / 1000).toLocaleString(),
        });
  const known = ['monthly', 'yearly', 'daily', 'weekly'].includes(cost.cadence);
  const period = known ? t(`tierSettings.cadence.${cost.cadence}`) : cost.cadence;
  return t('tierSettings.price', { amount, period });
}
