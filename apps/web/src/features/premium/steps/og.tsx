import { useTranslation } from '@/i18n/use-translation.ts';
import Sparkles from 'lucide-react/icons/sparkles';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { shortDate } from '@/lib/format.ts';
import { useMembership } from '@/features/premium/membership.ts';
import { TierBadge } from '@/features/premium/tier-badge.tsx';

/** OG: the member's cohort and since when they are a member. */
export default function Og() {
  const { t } = useTranslation();
  const { status } = useMembership();
  if (!status || status.tier === 'none' || !status.premium_since)
    return <EmptyState icon={<Sparkles size={26} />} title={t('premium.og.none')} />;
  return (
    <div className="premium-body">
      <p className="premium-intro">{t('premium.og.intro')}</p>
      <section className="premium-card premium-status">
        <div className="premium-status-head">
          <span className="premium-status-name">
            {[status.cohort_1, status.cohort_2].filter(Boolean).join(' · ') ||
              t('premium.og.cohort')}
          </span>
          <TierBadge tier={status.tier} />
        </div>
        <p className="premium-muted">
          {t('premium.og.since', { date: shortDate(status.premium_since) })}
        </p>
        {status.legend_since && (
          <p className="premium-muted">
            {t('premium.og.legendSince', { date: shortDate(status.legend_since) })}
          </p>
        )}
      </section>
    </div>
  );
}
