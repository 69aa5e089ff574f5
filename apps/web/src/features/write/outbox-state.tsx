import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import CheckCircle from 'lucide-react/icons/circle-check';
import AlertTriangle from 'lucide-react/icons/triangle-alert';
import Loader from 'lucide-react/icons/loader-circle';
import type { OutboxItem } from '@swell/client';
import { Button } from '@/components/ui/button.tsx';
import { useOutboxItem } from '@/features/write/use-outbox-item.ts';
import { writeStore } from '@/features/write/write-store.ts';
import '@/features/write/outbox-state.css';

/** Seconds until the automatic retry, ticking (null when none is planned). */
function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** What went wrong on the last attempt, in the spec's words. */
function failureKey(item: OutboxItem): string {
  return item.lastOutcome === 'timeout' ? 'write.stateTimeout' : 'write.failed';
}

/**
 * The outbox state of one of the user's own notes, under it: sending, failed (why, when the
 * next automatic try is, Retry and Discard), or sent. Nothing for notes not in the outbox.
 */
export function OutboxState({ id }: { id: string }) {
  const { t } = useTranslation();
  const item = useOutboxItem(id);
  const seconds = useSecondsUntil(item?.status === 'failed' ? item.nextAttemptAt : null);
  if (!item) return null;
  const write = writeStore.get();
  if (item.status === 'sent')
    return (
      <p className="outbox-state" data-state="sent" role="status">
        <CheckCircle size={14} aria-hidden />
        {t('write.stateSent')}
      </p>
    );
  if (item.status === 'sending' && !item.lastOutcome)
    return (
      <p className="outbox-state" data-state="sending" role="status">
        <Loader size={14} aria-hidden className="outbox-spin" />
        {t('write.stateSending')}
      </p>
    );
  if (item.status === 'sending')
    // A retry after a failed attempt: why the last one failed stays said, and it can go.
    return (
      <div className="outbox-state" data-state="sending" role="status">
        <Loader size={14} aria-hidden className="outbox-spin" />
        <span>
          {t('write.stateSending')} · {t(failureKey(item))}
        </span>
        <span className="outbox-actions">
          <Button size="sm" variant="ghost" onClick={() => void write?.discard(id)}>
            {t('write.discard')}
          </Button>
        </span>
      </div>
    );
  return (
    <div className="outbox-state" data-state="failed" role="status">
      <AlertTriangle size={14} aria-hidden />
      <span>
        {t(failureKey(item))}
        {seconds !== null && ` · ${t('write.retryIn', { when: `${seconds} s` })}`}
      </span>
      <span className="outbox-actions">
        <Button size="sm" onClick={() => void write?.retry(id)}>
          {t('write.retry')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => void write?.discard(id)}>
          {t('write.discard')}
        </Button>
      </span>
    </div>
  );
}
