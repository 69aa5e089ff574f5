import { useTranslation } from '@/i18n/use-translation.ts';
import Globe from 'lucide-react/icons/globe';
import Lock from 'lucide-react/icons/lock';

/** Public or private (encrypted) entry of a list. */
export function VisibilityBadge({ private: isPrivate }: { private: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="lists-badge" data-private={isPrivate || undefined}>
      {isPrivate ? <Lock size={12} aria-hidden /> : <Globe size={12} aria-hidden />}
      {t(isPrivate ? 'lists.privateBadge' : 'lists.publicBadge')}
    </span>
  );
}
