import { useTranslation } from '@/i18n/use-translation.ts';
import { Link } from 'react-router';
import Receipt from 'lucide-react/icons/receipt';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { shortDate } from '@/lib/format.ts';
import { useAsync } from '@/lib/use-async.ts';
import { swell } from '@/data/client.ts';
import { membershipClient } from '@/features/premium/membership.ts';
import { PremiumLoading } from '@/features/premium/premium-loading.tsx';

/** Purchase history: completed purchases paid by or for the user, newest first. */
export default function History() {
  const { t } = useTranslation();
  const me = swell().session.getSnapshot().pubkey;
  const page = useAsync('history', async () => (await membershipClient()).purchaseHistory());
  if (page.error)
    return <ErrorState title={t('premium.history.loadFailed')} onRetry={page.retry} />;
  if (!page.data) return <PremiumLoading />;
  if (page.data.items.length === 0)
    return (
      <EmptyState
        icon={<Receipt size={26} />}
        title={t('premium.history.emptyTitle')}
        body={t('premium.history.emptyBody')}
      />
    );
  return (
    <div className="premium-body">
      <table className="premium-table">
        <thead>
          <tr>
            <th scope="col">{t('premium.history.date')}</th>
            <th scope="col">{t('premium.history.product')}</th>
            <th scope="col" className="num">
              {t('premium.history.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {page.data.items.map((p) => (
            <tr key={p.membership_quote_id}>
              <td>{shortDate(p.purchased_at)}</td>
              <td>
                {p.product_label}
                {p.receiver_pubkey !== me && (
                  <span className="premium-muted"> · {t('premium.history.gift')}</span>
                )}
                {p.name && !p.name_unavailable && (
                  <span className="premium-muted premium-history-name">
                    {t('premium.history.name', { name: `${p.name}@${location.host}` })}
                  </span>
                )}
                {p.name_unavailable && (
                  <span className="premium-history-note" data-testid="premium-name-taken">
                    {t('premium.history.nameTaken', { name: `${p.name}@${location.host}` })}{' '}
                    {p.receiver_pubkey === me && (
                      <Link to="/premium/rename">{t('premium.history.rename')}</Link>
                    )}
                  </span>
                )}
              </td>
              <td className="num">${Number(p.amount_usd).toFixed(2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
