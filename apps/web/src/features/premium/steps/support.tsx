import { useTranslation } from '@/i18n/use-translation.ts';
import Crown from 'lucide-react/icons/crown';
import Star from 'lucide-react/icons/star';
import Share2 from 'lucide-react/icons/share-2';
import { ButtonLink, Button } from '@/components/ui/button.tsx';
import { copyToClipboard } from '@/features/note-actions/clipboard.ts';

/** Support: the ways to help (a Legend donation, a longer subscription, telling a friend). */
export default function Support() {
  const { t } = useTranslation();
  return (
    <div className="premium-body">
      <p className="premium-intro">{t('premium.support.intro')}</p>
      <ul className="premium-support">
        <li className="premium-card">
          <Crown size={22} aria-hidden className="premium-benefit-icon" />
          <h2 className="premium-card-title">{t('premium.support.legendTitle')}</h2>
          <p className="premium-muted">{t('premium.support.legendBody')}</p>
          <ButtonLink to="/premium/subscribe?product=legend-premium" variant="primary">
            {t('premium.hero.legend')}
          </ButtonLink>
        </li>
        <li className="premium-card">
          <Star size={22} aria-hidden className="premium-benefit-icon" />
          <h2 className="premium-card-title">{t('premium.support.extendTitle')}</h2>
          <p className="premium-muted">{t('premium.support.extendBody')}</p>
          <ButtonLink to="/premium/subscribe" variant="secondary">
            {t('premium.manage.subscribe')}
          </ButtonLink>
        </li>
        <li className="premium-card">
          <Share2 size={22} aria-hidden className="premium-benefit-icon" />
          <h2 className="premium-card-title">{t('premium.support.shareTitle')}</h2>
          <p className="premium-muted">{t('premium.support.shareBody')}</p>
          <Button variant="secondary" onClick={() => void copyToClipboard(location.origin)}>
            {location.host}
          </Button>
        </li>
      </ul>
    </div>
  );
}
