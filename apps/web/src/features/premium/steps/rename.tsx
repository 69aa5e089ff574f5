import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import PenLine from 'lucide-react/icons/pen-line';
import { notify } from '@/components/ui/notify.ts';
import { swell } from '@/data/client.ts';
import {
  membershipClient,
  refreshMembership,
  useMembership,
} from '@/features/premium/membership.ts';
import { holdTime, NameField, nameProblemKey } from '@/features/premium/name-field.tsx';

/** Rename: a member picks another name; the old one is freed. */
export default function Rename() {
  const { t } = useTranslation();
  const { status } = useMembership();
  const [error, setError] = useState<string | null>(null);
  if (!status || status.tier === 'none')
    return (
      <EmptyState
        icon={<PenLine size={26} />}
        title={t('premium.rename.membersOnly')}
        actions={
          <ButtonLink to="/premium/name" variant="primary">
            {t('premium.hero.findName')}
          </ButtonLink>
        }
      />
    );
  const rename = async (name: string) => {
    setError(null);
    try {
      const m = await import('@swell/client/membership');
      try {
        const saved = await (await membershipClient()).changeName(name);
        const address = `${saved}@${location.host}`;
        notify.success(t('premium.rename.done', { address }));
        await refreshMembership().catch(() => {});
        // The new verified name shows on the user's notes and profile at once.
        const pubkey = swell().session.getSnapshot().pubkey;
        if (pubkey)
          void swell()
            .fetchPage('user_infos', { pubkeys: [pubkey] })
            .catch(() => {});
      } catch (err) {
        if (err instanceof m.MembershipClientError && err.code === 'name-unavailable')
          setError(
            err.heldUntil
              ? t('premium.name.held', { time: holdTime(err.heldUntil) })
              : t(nameProblemKey(err.notice?.replace(/^name unavailable:?\s*/, ''))),
          );
        else setError(t('premium.rename.notChanged'));
      }
    } catch {
      setError(t('premium.rename.notChanged'));
    }
  };
  return (
    <div className="premium-body">
      <p className="premium-intro">
        {t('premium.rename.intro', { address: status.nostr_address || t('premium.status.noName') })}
      </p>
      <section className="premium-card">
        <NameField
          initial={status.name}
          submitLabel={t('premium.rename.save')}
          onAvailable={rename}
          after={() =>
            error && (
              <p className="field-error" role="alert">
                {error}
              </p>
            )
          }
        />
      </section>
    </div>
  );
}
