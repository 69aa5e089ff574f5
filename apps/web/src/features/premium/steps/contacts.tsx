import { Suspense, useState } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import Users from 'lucide-react/icons/users';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import type { ContactListVersion } from '@swell/client/membership';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { notify } from '@/components/ui/notify.ts';
import { fullDate } from '@/lib/format.ts';
import { useAsync } from '@/lib/use-async.ts';
import { loadWrite } from '@/features/write/write-store.ts';
import { membershipClient } from '@/features/premium/membership.ts';
import { PremiumLoading } from '@/features/premium/premium-loading.tsx';

const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog.tsx'));

/** Contacts recovery: earlier follow lists kept by the server; one is restored after a confirmation. */
export default function Contacts() {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const [asked, setAsked] = useState<ContactListVersion | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useAsync(`contacts-${version}`, async () =>
    (await membershipClient()).contactListVersions(),
  );
  const restore = async (v: ContactListVersion) => {
    setBusy(true);
    try {
      const write = await loadWrite();
      const result = await write.publishEvent({
        kind: 3,
        tags: v.event.tags.map((tag) => [...tag]),
        content: v.event.content,
      });
      const outcome = await result.result;
      if (outcome.status !== 'sent') throw new Error(outcome.status);
      notify.success(t('premium.contacts.restored'));
      setVersion((n) => n + 1);
    } catch {
      notify.error(t('premium.contacts.failed'));
    } finally {
      setBusy(false);
    }
  };
  if (list.error)
    return <ErrorState title={t('premium.contacts.loadFailed')} onRetry={list.retry} />;
  if (!list.data) return <PremiumLoading />;
  const items = list.data.items;
  if (items.length === 0)
    return (
      <EmptyState
        icon={<Users size={26} />}
        title={t('premium.contacts.emptyTitle')}
        body={t('premium.contacts.emptyBody')}
      />
    );
  return (
    <div className="premium-body">
      <p className="premium-intro">{t('premium.contacts.intro')}</p>
      <ol className="premium-card premium-versions">
        {items.map((v, i) => {
          const date = fullDate(v.createdAt);
          return (
            <li key={v.event.id} className="premium-version" data-testid="contact-version">
              <div className="premium-media-text">
                <span className="premium-version-date">{date}</span>
                <span className="premium-muted">
                  {t('premium.contacts.follows', { count: v.followsCount })}
                </span>
              </div>
              {i === 0 ? (
                <span className="premium-current">{t('premium.contacts.current')}</span>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<RotateCcw size={14} aria-hidden />}
                  disabled={busy}
                  aria-label={t('premium.contacts.restoreLabel', { date })}
                  onClick={() => setAsked(v)}
                >
                  {t('premium.contacts.restore')}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('premium.contacts.confirmTitle')}
            body={t('premium.contacts.confirmBody', {
              count: asked.followsCount,
              date: fullDate(asked.createdAt),
            })}
            confirmLabel={t('premium.contacts.restore')}
            onConfirm={() => void restore(asked)}
            onClose={() => setAsked(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
