import { StandalonePage } from '@/screens/standalone/standalone-page.tsx';
import { addStrings } from '@/i18n/add-strings.ts';
import { standalone } from '@/i18n/en/standalone.ts';

addStrings({ standalone });

export function Component() {
  return <StandalonePage title="standalone.privacy" body="standalone.privacyBody" />;
}
