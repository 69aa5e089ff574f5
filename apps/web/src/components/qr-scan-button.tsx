import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import ScanLine from 'lucide-react/icons/scan-line';
import { Button } from '@/components/ui/button.tsx';
import { decodeQrImage } from '@/lib/qr-image-decode.ts';

/**
 * "Scan QR code": the button opens a hidden file input (out of the accessibility tree, so the
 * control is announced once). On a phone it opens the camera (`capture`), elsewhere it picks a picture; the
 * QR code's text goes to `onText`. An image without a readable code says so through `onError`.
 */
export function QrScanButton({
  label,
  onText,
  onError,
  disabled,
}: {
  label: string;
  onText: (text: string) => void;
  onError: (message: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const picked = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const text = await decodeQrImage(file);
      if (text) onText(text);
      else onError(t('ui.qrNotFound'));
    } catch {
      onError(t('ui.qrNotFound'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        icon={<ScanLine size={16} aria-hidden />}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label={label}
        onChange={(e) => void picked(e)}
      />
    </>
  );
}
