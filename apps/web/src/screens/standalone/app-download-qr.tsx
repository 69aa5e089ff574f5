import { useTranslation } from '@/i18n/use-translation.ts';
import QrCode from '@/components/qr-code.tsx';
import { StandalonePage } from '@/screens/standalone/standalone-page.tsx';
import { addStrings } from '@/i18n/add-strings.ts';
import { standalone } from '@/i18n/en/standalone.ts';

addStrings({ standalone });

/** A real QR code of this Swell's address, to open it on a phone (there is no app to install). */
export function Component() {
  const { t } = useTranslation();
  const url = `${location.origin}/home`;
  return (
    <StandalonePage title="standalone.appDownloadQr" body="standalone.appDownloadQrBody">
      <div className="standalone-qr">
        <QrCode value={url} label={t('standalone.qrLabel', { url })} size={220} />
      </div>
      <p className="standalone-url">{url}</p>
    </StandalonePage>
  );
}
