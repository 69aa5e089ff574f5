import { useTranslation } from '@/i18n/use-translation.ts';
import Crown from 'lucide-react/icons/crown';
import Gem from 'lucide-react/icons/gem';
import '@/features/premium/tier-badge.css';

/** "Premium" or "Legend" as a small pill (nothing for tier none). */
export function TierBadge({ tier, legendStyle }: { tier: string; legendStyle?: string }) {
  const { t } = useTranslation();
  if (tier !== 'premium' && tier !== 'premium-legend') return null;
  const legend = tier === 'premium-legend';
  return (
    <span
      className={`tier-badge tier-badge-${legend ? 'legend' : 'premium'}`}
      data-legend-style={legend && legendStyle ? legendStyle : undefined}
      data-testid="tier-badge"
    >
      {legend ? <Gem size={14} aria-hidden /> : <Crown size={14} aria-hidden />}
      {legend ? t('premium.badge.legend') : t('premium.badge.premium')}
    </span>
  );
}
