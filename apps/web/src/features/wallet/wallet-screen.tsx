import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import LogIn from 'lucide-react/icons/log-in';
import Lock from 'lucide-react/icons/lock';
import WalletIcon from 'lucide-react/icons/wallet';
import { Screen } from '@/components/screen.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Skeleton, LoadingRegion } from '@/components/ui/skeleton.tsx';
import { useSession } from '@/data/session.ts';
import { useSnapshot } from '@/data/use-model.ts';
import { OpenWallet } from '@/features/wallet/open-wallet.tsx';
import { BackupPhraseDialog } from '@/features/wallet/backup-phrase.tsx';
import { WalletSetup } from '@/features/wallet/wallet-setup.tsx';
import { openWallet } from '@/features/wallet/wallet-session.ts';
import { errorText } from '@/features/wallet/wallet-format.ts';
import '@/components/ui/form.css';
import '@/features/wallet/wallet.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { wallet as walletStrings } from '@/i18n/en/wallet.ts';
import { zaps } from '@/i18n/en/zaps.ts';

addStrings({ wallet: walletStrings, zaps });

function WalletOf({ pubkey, signer }: { pubkey: string; signer: string }) {
  const { t } = useTranslation();
  const store = useMemo(() => openWallet(pubkey), [pubkey]);
  // A wallet locked behind the PIN opens once the key is unlocked.
  useEffect(() => void openWallet(pubkey), [pubkey, signer]);
  const state = useSnapshot(store);
  const [backup, setBackup] = useState(false);
  switch (state.status) {
    case 'loading':
      return (
        <LoadingRegion label={t('wallet.loading')}>
          <div className="wallet-card">
            <Skeleton width="40%" height={18} />
            <Skeleton width="60%" height={40} />
          </div>
        </LoadingRegion>
      );
    case 'error':
      return (
        <ErrorState
          title={t('wallet.loadFailed')}
          body={errorText(state.error)}
          onRetry={() => location.reload()}
        />
      );
    case 'locked':
      return (
        <EmptyState
          icon={<Lock size={26} />}
          title={t('wallet.locked')}
          body={t('wallet.lockedBody')}
        />
      );
    case 'none':
      return (
        <WalletSetup pubkey={pubkey} storage={state.storage} onCreated={() => setBackup(true)} />
      );
    case 'open':
      return (
        <>
          <OpenWallet wallet={state.wallet} />
          {backup && (
            <BackupPhraseDialog
              mnemonic={state.wallet.mnemonic}
              confirm
              onClose={() => setBackup(false)}
            />
          )}
        </>
      );
  }
}

/** The built-in ecash wallet (`/wallet`), one per account, in this browser. */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Screen title={t('wallet.title')} className="wallet-screen">
      {session.pubkey && session.resolved ? (
        <WalletOf key={session.pubkey} pubkey={session.pubkey} signer={session.signer} />
      ) : session.resolved ? (
        <EmptyState
          icon={<LogIn size={26} />}
          title={t('wallet.signedOut')}
          body={t('wallet.signedOutBody')}
        />
      ) : (
        <EmptyState icon={<WalletIcon size={26} />} title={t('wallet.loading')} />
      )}
    </Screen>
  );
}
