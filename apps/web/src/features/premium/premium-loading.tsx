import { useTranslation } from '@/i18n/use-translation.ts';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton.tsx';

/** The premium pages' loading state: a card and two lines of grey, announced once. */
export function PremiumLoading() {
  const { t } = useTranslation();
  return (
    <LoadingRegion label={t('premium.loading')}>
      <div className="premium-body">
        <Skeleton height={120} />
        <Skeleton height={18} width="60%" />
        <Skeleton height={18} width="40%" />
      </div>
    </LoadingRegion>
  );
}
