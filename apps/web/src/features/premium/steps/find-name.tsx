import { useTranslation } from '@/i18n/use-translation.ts';
import { Link } from 'react-router';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { ButtonLink } from '@/components/ui/button.tsx';
import { useMembership } from '@/features/premium/membership.ts';
import { NameField } from '@/features/premium/name-field.tsx';

/** Find name: check a wanted name, then go on to the subscription with it. */
export default function FindName() {
  const { t } = useTranslation();
  const { status } = useMembership();
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
                  to={`/premium/subscribe?name=${encodeURIComponent(check.name)}`}
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
