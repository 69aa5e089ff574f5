import { StandalonePage } from '@/screens/standalone/standalone-page.tsx';

export function Component() {
  return <StandalonePage title="standalone.terms" body="standalone.termsBody" />;
}
