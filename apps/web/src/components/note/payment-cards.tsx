import { useTranslation } from 'react-i18next';
import { shortNumber } from '@/lib/format.ts';

function CopyButton({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => void navigator.clipboard?.writeText(value).catch(() => {})}
    >
      {t('note.copy')}
    </button>
  );
}

/** A lightning invoice as a card: amount and a copy button. */
export function InvoiceCard({ invoice, msats }: { invoice: string; msats: number | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="pay-card" role="group" aria-label={t('note.invoice')}>
      <strong>{t('note.invoice')}</strong>
      <span>
        {msats === undefined
          ? t('note.invoiceNoAmount')
          : t('note.invoiceAmount', { amount: shortNumber(Math.floor(msats / 1000)) })}
      </span>
      <code className="pay-code">{`${invoice.slice(0, 24)}…`}</code>
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

/** An ecash token as a card: amount and a copy button. */
export function EcashCard({ token }: { token: string }) {
  const { t } = useTranslation();
  const amount = cashuAmount(token);
  return (
    <div className="pay-card" role="group" aria-label={t('note.ecash')}>
      <strong>{t('note.ecash')}</strong>
      {amount !== undefined && (
        <span>{t('note.ecashAmount', { amount: shortNumber(amount) })}</span>
      )}
      <code className="pay-code">{`${token.slice(0, 24)}…`}</code>
      <CopyButton value={token} />
    </div>
  );
}
