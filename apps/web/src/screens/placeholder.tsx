import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotImplemented } from '@/components/not-implemented.tsx';
import { Screen } from '@/components/screen.tsx';

/** A screen not built yet: its title and the not-implemented notice. */
export function Component() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { title?: string } | undefined;
  return (
    <Screen title={t(handle?.title ?? 'app.name')}>
      <NotImplemented />
    </Screen>
  );
}
