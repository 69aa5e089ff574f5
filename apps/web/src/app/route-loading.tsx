import { useTranslation } from '@/i18n/use-translation.ts';
import { LoadingRegion } from '@/components/ui/skeleton.tsx';

/**
 * What the main column shows while a screen's code (or a vanity name) loads: the note rows of
 * the boot shell in index.html (styles/boot-shell.css), so the first load goes from the painted
 * shell to the screen without a blank step and the navigation and sidebars stay where they are.
 */
export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <LoadingRegion label={t('app.loading')}>
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="boot-note" aria-hidden="true">
          <span />
          <div>
            <i />
            <i />
            <i />
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}
