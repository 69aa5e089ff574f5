import { useTranslation } from '@/i18n/use-translation.ts';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Clock from 'lucide-react/icons/clock';
import Lock from 'lucide-react/icons/lock';
import type { DmMessage } from '@swell/client';
import { Button } from '@/components/ui/button.tsx';
import { compactTime, fullDate } from '@/lib/format.ts';

/** One message: its text (React escapes it; nothing remote is parsed as HTML), time and state. */
export function MessageBubble({
  message,
  mine,
  grouped,
  onRetry,
  onDiscard,
}: {
  message: DmMessage;
  mine: boolean;
  grouped: boolean;
  onRetry(): void;
  onDiscard(): void;
}) {
  const { t } = useTranslation();
  const cls = [
    'dm-message',
    mine ? 'dm-mine' : 'dm-theirs',
    grouped && 'dm-grouped',
    message.delivery === 'failed' && 'dm-failed',
    message.delivery === 'pending' && 'dm-pending',
  ]
    .filter(Boolean)
    .join(' ');
  const kind = message.protocol === 'nip17' ? t('messages.nip17') : t('messages.nip04');
  return (
    <li className={cls} data-protocol={message.protocol} data-delivery={message.delivery}>
      <div className="dm-bubble">
        {message.state === 'ok' ? (
          <p className="dm-text">{message.text}</p>
        ) : message.state === 'failed' ? (
          <p className="dm-text dm-placeholder">
            <CircleAlert size={14} aria-hidden /> {t('messages.decryptFailed')}
          </p>
        ) : (
          <p className="dm-text dm-placeholder">{t('messages.decrypting')}</p>
        )}
      </div>
      <div className="dm-meta">
        {message.protocol === 'nip17' && <Lock size={11} aria-hidden />}
        <span className="visually-hidden">{kind}, </span>
        <time
          dateTime={new Date(message.created_at * 1000).toISOString()}
          title={fullDate(message.created_at)}
        >
          {compactTime(message.created_at)}
        </time>
        {message.delivery === 'pending' && (
          <span className="dm-status">
            <Clock size={11} aria-hidden /> {t('messages.pending')}
          </span>
        )}
        {message.delivery === 'failed' && (
          <span className="dm-status dm-status-failed" role="alert">
            {t('messages.failed')}
            {message.error ? `: ${message.error}` : ''}
          </span>
        )}
      </div>
      {message.delivery === 'failed' && (
        <div className="dm-actions">
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t('messages.retry')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDiscard}>
            {t('messages.discard')}
          </Button>
        </div>
      )}
    </li>
  );
}
