import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import Download from 'lucide-react/icons/download';
import Archive from 'lucide-react/icons/archive';
import { formatNumber } from '@swell/nostr';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { notify } from '@/components/ui/notify.ts';
import { useAsync } from '@/lib/use-async.ts';
import { membershipClient } from '@/features/premium/membership.ts';
import { PremiumLoading } from '@/features/premium/premium-loading.tsx';

/** Saves a text as a file through a temporary link. */
function saveFile(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/jsonl' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Content backup: the user's events counted per kind, and all of them as a JSONL download. */
export default function Backup() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const stats = useAsync('content-stats', async () => (await membershipClient()).contentStats());
  const kindName = (kind: number) =>
    t(`premium.backup.kinds.${kind}`, { defaultValue: t('premium.backup.otherKind', { kind }) });
  const download = async () => {
    setBusy(true);
    try {
      const client = await membershipClient();
      const { response, filename } = await client.downloadBackup();
      const text = await response.text();
      const m = await import('@swell/client/membership');
      const count = m.parseBackup(text).length;
      saveFile(text, filename);
      notify.success(t('premium.backup.downloaded', { count }));
    } catch {
      notify.error(t('premium.backup.failed'));
    } finally {
      setBusy(false);
    }
  };
  if (stats.error)
    return <ErrorState title={t('premium.backup.loadFailed')} onRetry={stats.retry} />;
  if (!stats.data) return <PremiumLoading />;
  const rows = [...stats.data].sort((a, b) => b.cnt - a.cnt);
  const total = rows.reduce((n, r) => n + r.cnt, 0);
  return (
    <div className="premium-body">
      <p className="premium-intro">{t('premium.backup.intro')}</p>
      {rows.length === 0 ? (
        <EmptyState
          icon={<Archive size={26} />}
          title={t('premium.backup.emptyTitle')}
          body={t('premium.backup.emptyBody')}
        />
      ) : (
        <table className="premium-table" aria-label={t('premium.backup.counts')}>
          <thead>
            <tr>
              <th scope="col">{t('premium.backup.kind')}</th>
              <th scope="col" className="num">
                {t('premium.backup.count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.kind}>
                <td>
                  {kindName(r.kind)} <span className="premium-muted">({r.kind})</span>
                </td>
                <td className="num">{formatNumber(r.cnt)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('premium.backup.total')}</th>
              <td className="num">{formatNumber(total)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      <div className="premium-actions">
        <Button
          variant="primary"
          icon={<Download size={16} aria-hidden />}
          disabled={busy || rows.length === 0}
          onClick={() => void download()}
        >
          {busy ? t('premium.backup.downloading') : t('premium.backup.download')}
        </Button>
      </div>
    </div>
  );
}
