import { Suspense, useState } from 'react';
import type { AccountSummary } from '@swell/client';
import { useTranslation } from '@/i18n/use-translation.ts';
import UserPlus from 'lucide-react/icons/user-plus';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { notify } from '@/components/ui/notify.ts';
import { useSession } from '@/data/session.ts';
import { userLabel, useUser } from '@/data/user.ts';
import { loginErrorKey, removeAccount, switchAccount } from '@/features/account/account.ts';
import { openLogin } from '@/features/account/login-dialog.ts';
import { lazy } from '@/lib/lazy.ts';

const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog.tsx'));

/** How an account signs, as the list says it. */
function signsWith(account: AccountSummary): string {
  if (account.source === 'extension') return 'accountSettings.viaExtension';
  if (account.source === 'remote-signer') return 'accountSettings.viaRemoteSigner';
  return account.locked ? 'accountSettings.viaKeyPin' : 'accountSettings.viaKey';
}

function AccountItem({ account }: { account: AccountSummary }) {
  const { t } = useTranslation();
  const user = useUser(account.pubkey);
  const name = userLabel(user);
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => {
    setBusy(true);
    void action()
      .catch((e: unknown) => notify.error(t(loginErrorKey(e))))
      .finally(() => setBusy(false));
  };
  return (
    <li className="device-account" data-active={account.active || undefined}>
      <Avatar pubkey={user.pubkey} picture={user.picture} size="vs2" name="" />
      <span className="device-account-caption">
        <strong className="device-account-name">{name}</strong>
        <span className="device-account-via">
          {account.active ? `${t('accountSettings.inUse')} · ` : ''}
          {t(signsWith(account))}
        </span>
      </span>
      <span className="device-account-actions">
        {!account.active && (
          <Button
            size="sm"
            disabled={busy}
            aria-label={t('accountSettings.switchTo', { name })}
            onClick={() => run(() => switchAccount(account.pubkey))}
          >
            {t('accountSettings.switch')}
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          aria-label={t('accountSettings.removeAccount', { name })}
          onClick={() => setRemoving(true)}
        >
          {t('accountSettings.remove')}
        </Button>
      </span>
      {removing && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('accountSettings.removeTitle', { name })}
            body={t('accountSettings.removeBody')}
            confirmLabel={t('accountSettings.remove')}
            danger
            onConfirm={() => run(() => removeAccount(account.pubkey))}
            onClose={() => setRemoving(false)}
          />
        </Suspense>
      )}
    </li>
  );
}

/**
 * Settings > Account, "Accounts on this device" (issue 34): each account with how it signs,
 * Switch, and Remove (after a confirmation: its key, settings, drafts and wallet on this device
 * go); Add account opens the sign-in dialog.
 */
export function DeviceAccounts() {
  const { t } = useTranslation();
  const { accounts } = useSession();
  return (
    <>
      {accounts.length > 0 && (
        <ul className="device-accounts">
          {accounts.map((a) => (
            <AccountItem key={a.pubkey} account={a} />
          ))}
        </ul>
      )}
      <div className="form-actions">
        <Button icon={<UserPlus size={16} aria-hidden />} onClick={openLogin}>
          {t('nav.addAccount')}
        </Button>
      </div>
    </>
  );
}
