import { useId, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import ArrowDownLeft from 'lucide-react/icons/arrow-down-left';
import ArrowUpRight from 'lucide-react/icons/arrow-up-right';
import KeyRound from 'lucide-react/icons/key-round';
import Zap from 'lucide-react/icons/zap';
import Ticket from 'lucide-react/icons/ticket';
import type { EcashWallet, HistoryEntry } from '@swell/wallet/ecash';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { swell } from '@/data/client.ts';
import { BackupPhraseDialog } from '@/features/wallet/backup-phrase.tsx';
import { PhrasePinGate } from '@/features/wallet/phrase-pin-gate.tsx';
import { PayInvoiceDialog } from '@/features/wallet/pay-invoice-dialog.tsx';
import { ReceiveLightningDialog } from '@/features/wallet/receive-lightning-dialog.tsx';
import { ReceiveTokenDialog } from '@/features/wallet/receive-token-dialog.tsx';
import { SendTokenDialog } from '@/features/wallet/send-token-dialog.tsx';
import { MintList } from '@/features/wallet/mint-list.tsx';
import { useWalletData } from '@/features/wallet/use-wallet-data.ts';
import { WalletHistory } from '@/features/wallet/wallet-history.tsx';
import { formatSats } from '@/features/wallet/wallet-format.ts';

type Open =
  | { kind: 'receive-ln' }
  | { kind: 'receive-token' }
  | { kind: 'send-token'; sent?: HistoryEntry }
  | { kind: 'pay' }
  | { kind: 'backup' }
  | { kind: 'backup-pin' }
  | null;

/** The open wallet: balance, the four ways to move sats, mints and history. */
export function OpenWallet({ wallet }: { wallet: EcashWallet }) {
  const { t } = useTranslation();
  const id = useId();
  const data = useWalletData(wallet);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const mint = data?.mints[0]?.url;
  return (
    <div className="wallet">
      <section className="wallet-card" aria-labelledby={`${id}-balance`}>
        <div className="wallet-section-head">
          <h2 id={`${id}-balance`} className="wallet-balance-label">
            {t('wallet.balance')}
          </h2>
          <Button
            size="sm"
            variant="ghost"
            icon={<KeyRound size={14} aria-hidden />}
            onClick={() =>
              setOpen({
                kind: swell().session.keyProtection() === 'pin' ? 'backup-pin' : 'backup',
              })
            }
          >
            {t('wallet.showPhrase')}
          </Button>
        </div>
        {data ? (
          <p className="wallet-balance" data-testid="wallet-balance">
            {formatSats(data.balance.ready)}
          </p>
        ) : (
          <Skeleton width="50%" height={40} />
        )}
        {data && (data.balance.sent > 0 || data.balance.pending > 0) && (
          <p className="wallet-balance-sub">
            {data.balance.sent > 0 &&
              t('wallet.inTokens', { amount: formatSats(data.balance.sent) })}
            {data.balance.sent > 0 && data.balance.pending > 0 && ' · '}
            {data.balance.pending > 0 &&
              t('wallet.inFlight', { amount: formatSats(data.balance.pending) })}
          </p>
        )}
        <div className="wallet-actions">
          <Button
            variant="primary"
            icon={<Zap size={16} aria-hidden />}
            disabled={!mint}
            onClick={() => setOpen({ kind: 'receive-ln' })}
          >
            {t('wallet.actionReceive')}
          </Button>
          <Button
            icon={<ArrowDownLeft size={16} aria-hidden />}
            disabled={!data}
            onClick={() => setOpen({ kind: 'receive-token' })}
          >
            {t('wallet.actionRedeem')}
          </Button>
          <Button
            icon={<Ticket size={16} aria-hidden />}
            disabled={!data}
            onClick={() => setOpen({ kind: 'send-token' })}
          >
            {t('wallet.actionSend')}
          </Button>
          <Button
            icon={<ArrowUpRight size={16} aria-hidden />}
            disabled={!data}
            onClick={() => setOpen({ kind: 'pay' })}
          >
            {t('wallet.actionPay')}
          </Button>
        </div>
      </section>

      {data && <MintList wallet={wallet} data={data} />}

      <section className="wallet-section" aria-labelledby={`${id}-history`}>
        <h2 id={`${id}-history`} className="wallet-section-title">
          {t('wallet.history')}
        </h2>
        {data && (
          <WalletHistory
            history={data.history}
            onShowToken={(e) => setOpen({ kind: 'send-token', sent: e })}
          />
        )}
      </section>

      {open?.kind === 'receive-ln' && mint && (
        <ReceiveLightningDialog wallet={wallet} mint={mint} onClose={close} />
      )}
      {open?.kind === 'receive-token' && data && (
        <ReceiveTokenDialog wallet={wallet} mints={data.mints} onClose={close} />
      )}
      {open?.kind === 'send-token' && (
        <SendTokenDialog wallet={wallet} sent={open.sent} onClose={close} />
      )}
      {open?.kind === 'pay' && <PayInvoiceDialog wallet={wallet} onClose={close} />}
      {open?.kind === 'backup-pin' && (
        <PhrasePinGate onVerified={() => setOpen({ kind: 'backup' })} onClose={close} />
      )}
      {open?.kind === 'backup' && <BackupPhraseDialog mnemonic={wallet.mnemonic} onClose={close} />}
    </div>
  );
}
