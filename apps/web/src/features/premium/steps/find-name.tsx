import { useTranslation } from '@/i18n/use-translation.ts';
import { Link, useSearchParams } from 'react-router';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { ButtonLink } from '@/components/ui/button.tsx';
import { useMembership } from '@/features/premium/membership.ts';
import { NameField } from '@/features/premium/name-field.tsx';
import { subscribeLink } from '@/features/premium/premium-links.ts';

/** Find name: check a wanted name, then go on to the subscription with it (and the product chosen before, e.g. Legend). */
export default function FindName() {
  const { t } = useTranslation();
  const { status } = useMembership();
  const [params] = useSearchParams();
  return (
    <div className="premium-body">
      <p className="premium-intro">{t('premium.name.intro')}</p>
      {status?.nostr_address && (
        <p className="premium-note">
          {t('premium.name.haveOne', { address: status.nostr_address })}{' '}
          <Link to="/premium/rename">{t('premium.manage.rename')}</Link>
        </p>
      )}
      <section className="premium-card">
        <NameField
          after={(check) =>
            check.state === 'available' && (
              <div className="premium-actions">
                <ButtonLink
                  to={subscribeLink(check.name, params.get('product'))}
                  variant="primary"
                  icon={<ArrowRight size={16} aria-hidden />}
                >
                  {t('premium.name.continue', { name: check.name })}
                </ButtonLink>
              </div>
            )
          }
        />
      </section>
    </div>
  );
}
