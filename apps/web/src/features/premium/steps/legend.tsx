import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Gem from 'lucide-react/icons/gem';
import { LEGEND_STYLES, type LegendStyle } from '@swell/client/membership';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { notify } from '@/components/ui/notify.ts';
import { swell } from '@/data/client.ts';
import { useLegend } from '@/data/entity-store.ts';
import { userLabel, useUser } from '@/data/user.ts';
import { membershipClient, useMembership } from '@/features/premium/membership.ts';
import '@/components/avatar/avatar.css';

/** How the choice looks on an avatar and a name, before saving. */
function Preview({
  pubkey,
  style,
  badge,
  glow,
}: {
  pubkey: string;
  style: LegendStyle;
  badge: boolean;
  glow: boolean;
}) {
  const { t } = useTranslation();
  const user = useUser(pubkey);
  const name = userLabel(user);
  const avatar = <Avatar picture={user.picture} size="lg" name={name} />;
  return (
    <figure
      className="premium-card premium-legend-preview"
      aria-label={t('premium.legend.preview')}
    >
      {style ? (
        <span
          className="avatar-legend avatar-legend-lg"
          data-legend-style={style}
          data-glow={glow ? 'true' : undefined}
        >
          {avatar}
        </span>
      ) : (
        avatar
      )}
      <figcaption className="premium-legend-name">
        <strong>{name}</strong>
        <BadgeCheck
          size={18}
          aria-hidden
          className={badge && style ? 'note-verified legend-badge' : 'note-verified'}
          data-legend-style={badge && style ? style : undefined}
        />
      </figcaption>
    </figure>
  );
}

/** Legend: style, custom badge and avatar glow, previewed, saved to the membership service. */
export default function Legend() {
  const { t } = useTranslation();
  const { status } = useMembership();
  const pubkey = swell().session.getSnapshot().pubkey ?? '';
  const saved = useLegend(pubkey);
  const [style, setStyle] = useState<LegendStyle>((saved?.style as LegendStyle) || 'GOLD');
  const [badge, setBadge] = useState(saved?.custom_badge ?? true);
  const [glow, setGlow] = useState(saved?.avatar_glow ?? false);
  const [busy, setBusy] = useState(false);
  if (status?.tier !== 'premium-legend')
    return (
      <EmptyState
        icon={<Gem size={26} />}
        title={t('premium.legend.notLegend')}
        actions={
          <ButtonLink to="/premium/subscribe?product=legend-premium" variant="primary">
            {t('premium.hero.legend')}
          </ButtonLink>
        }
      />
    );
  const save = async () => {
    setBusy(true);
    try {
      await (
        await membershipClient()
      ).setLegendCustomization({ style, custom_badge: badge, avatar_glow: glow });
      // What everyone sees comes back with the next profile answer; show it here at once.
      await swell()
        .fetchPage('user_infos', { pubkeys: [pubkey] })
        .catch(() => undefined);
      notify.success(t('premium.legend.saved'));
    } catch {
      notify.error(t('premium.legend.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="premium-body">
      <p className="premium-intro">{t('premium.legend.intro')}</p>
      <Preview pubkey={pubkey} style={style} badge={badge} glow={glow} />
      <fieldset className="premium-card premium-styles">
        <legend className="premium-card-title">{t('premium.legend.style')}</legend>
        <div className="premium-style-grid">
          {['' as LegendStyle, ...LEGEND_STYLES].map((s) => (
            <label key={s || 'none'} className="premium-style" data-checked={style === s}>
              <input
                type="radio"
                name="legend-style"
                value={s}
                checked={style === s}
                onChange={() => setStyle(s)}
              />
              <span className="premium-swatch" data-legend-style={s || undefined} aria-hidden />
              <span>{s ? t(`premium.legend.styles.${s}`) : t('premium.legend.none')}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <section className="premium-card premium-switches">
        <div className="premium-switch-row">
          <label htmlFor="legend-badge">{t('premium.legend.customBadge')}</label>
          <Switch id="legend-badge" checked={badge} onCheckedChange={setBadge} />
        </div>
        <div className="premium-switch-row">
          <label htmlFor="legend-glow">{t('premium.legend.avatarGlow')}</label>
          <Switch id="legend-glow" checked={glow} onCheckedChange={setGlow} />
        </div>
      </section>
      <div className="premium-actions">
        <Button variant="primary" disabled={busy} onClick={() => void save()}>
          {busy ? t('premium.legend.saving') : t('premium.legend.save')}
        </Button>
      </div>
    </div>
  );
}
