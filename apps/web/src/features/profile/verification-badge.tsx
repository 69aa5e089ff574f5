import { useTranslation } from '@/i18n/use-translation.ts';
import BadgeCheck from 'lucide-react/icons/badge-check';
import { useVerification } from '@/features/profile/nip05.ts';

/** The name@domain line with its badge (provider-style only for this server's own domain). */
export function VerificationBadge({ nip05, pubkey }: { nip05: string; pubkey: string }) {
  const { t } = useTranslation();
  const state = useVerification(nip05, pubkey);
  const shown = nip05.startsWith('_@') ? nip05.slice(2) : nip05;
  return (
    <p className={`nip05 nip05-${state}`}>
      {(state === 'provider' || state === 'verified') && (
        <span
          className={`badge badge-${state}`}
          role="img"
          aria-label={t('profile.verified', { name: shown })}
        >
          <BadgeCheck size={16} aria-hidden />
        </span>
      )}
      <span>{shown}</span>
    </p>
  );
}
