import { useTranslation } from '@/i18n/use-translation.ts';
import ArrowDownLeft from 'lucide-react/icons/arrow-down-left';
import ArrowUpRight from 'lucide-react/icons/arrow-up-right';
import Banknote from 'lucide-react/icons/banknote';
import Zap from 'lucide-react/icons/zap';
import History from 'lucide-react/icons/history';
import type { HistoryEntry } from '@swell/wallet/ecash';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { relativeTime } from '@/lib/format.ts';
import { formatSats } from '@/features/wallet/wallet-format.ts';

const incoming = new Set<HistoryEntry['kind']>(['mint', 'receive']);

function KindIcon({ entry }: { entry: HistoryEntry }) {
  const Icon =
    entry.kind === 'mint' || entry.kind === 'melt'
      ? Zap
      : entry.kind === 'send'
        ? ArrowUpRight
        : entry.kind === 'receive'
          ? ArrowDownLeft
          : Banknote;
  return (
    <span className="history-icon" data-kind={entry.kind} aria-hidden="true">
      <Icon size={16} />
    </span>
  );
}

/** The wallet's operations, newest first: what, how much, fee, when, state. */
export function WalletHistory({
  history,
  onShowToken,
}: {
  history: HistoryEntry[];
  onShowToken: (entry: HistoryEntry) => void;
}) {
  const { t } = useTranslation();
  if (!history.length)
    return (
      <EmptyState
        compact
        headingLevel={3}
        icon={<History size={20} />}
        title={t('wallet.historyEmpty')}
        body={t('wallet.historyEmptyBody')}
      />
    );
  return (
    <ul className="wallet-history">
      {history.map((e) => {
        const inbound = incoming.has(e.kind);
        const sign = inbound ? '+' : '−';
        // What left the balance: a token or an invoice with its fees (the token's own fee for
        // the receiver included), as the balance's "in tokens not redeemed yet" line counts it.
        const shown = inbound ? e.amount : e.amount + e.fee;
        const dim = e.status !== 'done' && !(e.kind === 'send' && e.status === 'pending');
        return (
          <li key={e.id} className="history-row" data-status={e.status} data-testid="history-row">
            <KindIcon entry={e} />
            <span className="history-main">
              <span className="history-kind">
                {t(
                  e.restored
                    ? 'wallet.kind.restored'
                    : e.nutzap
                      ? 'wallet.kind.nutzap'
                      : `wallet.kind.${e.kind}`,
                )}
              </span>
              <span className="history-meta muted">
                <time dateTime={new Date(e.createdAt).toISOString()}>
                  {relativeTime(Math.floor(e.createdAt / 1000))}
                </time>
                {e.fee > 0 &&
                  (inbound ? (
                    <> · {t('wallet.fee', { amount: formatSats(e.fee) })}</>
                  ) : (
                    <>
                      {' · '}
                      {t('wallet.amountWithFee', {
                        amount: formatSats(e.amount),
                        fee: formatSats(e.fee),
                      })}
                    </>
                  ))}
                {e.memo && <> · {e.memo}</>}
              </span>
              {e.error && <span className="field-error">{e.error}</span>}
            </span>
            <span className="history-side">
              <span className="history-amount" data-in={inbound} data-dim={dim}>
                {sign}
                {formatSats(shown)}
              </span>
              {e.status !== 'done' && (
                <span className="wallet-pill" data-status={e.status}>
                  {t(`wallet.status.${e.status}`)}
                </span>
              )}
              {e.kind === 'send' && e.status === 'pending' && e.token && (
                <Button size="sm" variant="ghost" onClick={() => onShowToken(e)}>
                  {t('wallet.showToken')}
                </Button>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
