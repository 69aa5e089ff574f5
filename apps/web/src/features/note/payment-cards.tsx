import { Suspense } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import Banknote from 'lucide-react/icons/banknote';
import Copy from 'lucide-react/icons/copy';
import Zap from 'lucide-react/icons/zap';
import { Button } from '@/components/ui/button.tsx';
import { copyToClipboard } from '@/features/note-actions/clipboard.ts';
import { shortNumber } from '@/lib/format.ts';

function CopyButton({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <Button
      size="sm"
      icon={<Copy size={14} aria-hidden />}
      onClick={() => void copyToClipboard(value)}
    >
      {t('note.copy')}
    </Button>
  );
}

/** A lightning invoice as a card: amount and a copy button. */
export function InvoiceCard({ invoice, msats }: { invoice: string; msats: number | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="pay-card" role="group" aria-label={t('note.invoice')}>
      <span className="pay-card-icon" aria-hidden="true">
        <Zap size={18} />
      </span>
      <span className="pay-card-text">
        <strong>
          {msats === undefined
            ? t('note.invoiceNoAmount')
            : t('note.invoiceAmount', { amount: shortNumber(Math.floor(msats / 1000)) })}
        </strong>
        <span className="muted">{t('note.invoice')}</span>
        <code className="pay-code">{`${invoice.slice(0, 24)}…`}</code>
      </span>
      <CopyButton value={invoice} />
    </div>
  );
}

/** Sum of proof amounts of a cashuA token (legacy JSON form); undefined when unreadable. */
export function cashuAmount(token: string): number | undefined {
  const body = token.replace(/^.*?cashuA/, '');
  try {
    const json = atob(body.replace(/-/g, '+').replace(/_/g, '/')) as string;
    const parsed = JSON.parse(json) as { token?: { proofs?: { amount?: number }[] }[] };
    let sum = 0;
    for (const entry of parsed.token ?? [])
      for (const p of entry.proofs ?? []) sum += typeof p.amount === 'number' ? p.amount : 0;
    return sum;
  } catch {
    return undefined;
  }
}

const TokenCard = lazy(() => import('@/features/wallet/token-card.tsx'));

/**
 * An ecash token as a card: the full card (amount and mint of any token, Redeem into the wallet)
 * loads with the ecash module; until then, the amount of a cashuA token and a copy button.
 */
export function EcashCard({ token }: { token: string }) {
  return (
    <Suspense fallback={<PlainEcashCard token={token} />}>
      <TokenCard token={token} />
    </Suspense>
  );
}

function PlainEcashCard({ token }: { token: string }) {
  const { t } = useTranslation();
  const amount = cashuAmount(token);
  return (
    <div className="pay-card" role="group" aria-label={t('note.ecash')}>
      <span className="pay-card-icon" aria-hidden="true">
        <Banknote size={18} />
      </span>
      <span className="pay-card-text">
        <strong>
          {amount !== undefined
            ? t('note.ecashAmount', { amount: shortNumber(amount) })
            : t('note.ecash')}
        </strong>
        <span className="muted">{t('note.ecash')}</span>
        <code className="pay-code">{`${token.slice(0, 24)}…`}</code>
      </span>
      <CopyButton value={token} />
    </div>
  );
}
