import { useTranslation } from '@/i18n/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';

/** A dialog's footer: Cancel, then the dialog's one action (danger for what hides or reports). */
export function DialogActions({
  label,
  onConfirm,
  onCancel,
  danger,
  busy,
}: {
  label: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
  /** The action runs: its button waits. */
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="ghost" onClick={onCancel}>
        {t('ui.cancel')}
      </Button>
      <Button variant={danger ? 'danger' : 'primary'} disabled={busy} onClick={onConfirm}>
        {label}
      </Button>
    </>
  );
}
