import { StandalonePage } from '@/screens/standalone/standalone-page.tsx';

export function Component() {
  return <StandalonePage title="standalone.appDownloadQr" body="standalone.appDownloadQrBody" />;
}
