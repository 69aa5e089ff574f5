import { useTranslation } from '@/i18n/use-translation.ts';
import AlertTriangle from 'lucide-react/icons/triangle-alert';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { Button } from '@/components/ui/button.tsx';
import '@/components/ui/state.css';

/** Something failed to load: says so and offers a retry (never a silent blank). */
export function ErrorState({
  title,
  body,
  onRetry,
  compact,
}: {
  title?: string;
  body?: string;
  onRetry?: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={compact ? 'state state-error state-compact' : 'state state-error'}>
      <span className="state-icon" aria-hidden="true">
        <AlertTriangle size={compact ? 20 : 26} />
      </span>
      <p className="state-title" role="alert">
        {title ?? t('app.error')}
      </p>
      {body && <p className="state-body">{body}</p>}
      {onRetry && (
        <div className="state-actions">
          <Button variant="secondary" icon={<RotateCw size={16} aria-hidden />} onClick={onRetry}>
            {t('app.retry')}
          </Button>
        </div>
      )}
    </div>
  );
}
