import { StandalonePage } from '@/screens/standalone/standalone-page.tsx';

export function Component() {
  return <StandalonePage title="standalone.privacy" body="standalone.privacyBody" />;
}
