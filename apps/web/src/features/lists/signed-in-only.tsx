import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import LogIn from 'lucide-react/icons/log-in';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { swell } from '@/data/client.ts';
import { useSession } from '@/data/session.ts';
import { openLogin } from '@/features/account/login-dialog.ts';
import { useLists } from '@/features/lists/use-lists.ts';

/**
 * A list settings page's body for a signed-in user; a guest is asked to sign in. A failed load
 * says so above the copy kept from last time (actions still fetch the latest list).
 */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const lists = useLists();
  if (!session.pubkey) {
    if (!session.resolved) return null;
    return (
      <EmptyState
        icon={<LogIn size={26} />}
        title={t('lists.signInFirst')}
        actions={
          <Button variant="primary" onClick={() => openLogin()}>
            {t('lists.signIn')}
          </Button>
        }
      />
    );
  }
  return (
    <>
      {lists.status === 'error' && (
        <ErrorState
          compact
          title={t('lists.loadFailed')}
          onRetry={() => void swell().lists.load(true)}
        />
      )}
      {children}
    </>
  );
}
