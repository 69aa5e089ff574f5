import { useTranslation } from '@/i18n/use-translation.ts';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import BadgeCheck from 'lucide-react/icons/badge-check';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Crown from 'lucide-react/icons/crown';
import Database from 'lucide-react/icons/database';
import History from 'lucide-react/icons/history';
import Images from 'lucide-react/icons/images';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import Link2 from 'lucide-react/icons/link-2';
import Palette from 'lucide-react/icons/palette';
import PenLine from 'lucide-react/icons/pen-line';
import RadioTower from 'lucide-react/icons/radio-tower';
import Sparkles from 'lucide-react/icons/sparkles';
import Star from 'lucide-react/icons/star';
import Upload from 'lucide-react/icons/upload';
import Users from 'lucide-react/icons/users';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import { formatBytes } from '@swell/nostr';
import { ButtonLink } from '@/components/ui/button.tsx';
import { shortDate } from '@/lib/format.ts';
import { useLegend } from '@/data/entity-store.ts';
import { tierOfState, useMembership } from '@/features/premium/membership.ts';
import { TierBadge } from '@/features/premium/tier-badge.tsx';

const host = () => location.host;

function Benefits() {
  const { t } = useTranslation();
  const items = [
    [BadgeCheck, t('premium.benefits.name', { address: `you@${host()}` })],
    [Link2, t('premium.benefits.link', { link: `${host()}/you` })],
    [Upload, t('premium.benefits.uploads')],
    [Database, t('premium.benefits.backup')],
    [Palette, t('premium.benefits.legend')],
  ] as const;
  return (
    <section className="premium-card" aria-labelledby="premium-benefits">
      <h2 id="premium-benefits" className="premium-card-title">
        {t('premium.benefits.title')}
      </h2>
      <ul className="premium-benefits">
        {items.map(([Icon, text]) => (
          <li key={text}>
            <Icon size={18} aria-hidden className="premium-benefit-icon" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Hero() {
  const { t } = useTranslation();
  return (
    <div className="premium-hero">
      <span className="premium-hero-icon" aria-hidden="true">
        <Crown size={30} />
      </span>
      <h2 className="premium-hero-title">{t('premium.hero.title')}</h2>
      <p className="premium-hero-body">{t('premium.hero.body')}</p>
      <div className="premium-actions">
        <ButtonLink to="/premium/name" variant="primary" size="lg">
          {t('premium.hero.findName')}
        </ButtonLink>
        <ButtonLink to="/premium/subscribe?product=legend-premium" variant="secondary" size="lg">
          {t('premium.hero.legend')}
        </ButtonLink>
      </div>
    </div>
  );
}

/** The member's card: name, tier, until when, storage. */
function StatusCard() {
  const { t } = useTranslation();
  const { status, pubkey } = useMembership();
  const legend = useLegend(pubkey ?? undefined);
  if (!status) return null;
  const expiry =
    status.expires_on === null
      ? t('premium.status.never')
      : t('premium.status.expires', { date: shortDate(status.expires_on) });
  return (
    <section className="premium-card premium-status" aria-label={t('premium.status.label')}>
      <div className="premium-status-head">
        <span className="premium-status-name" data-testid="premium-address">
          {status.nostr_address || t('premium.status.noName')}
        </span>
        <TierBadge tier={status.tier} legendStyle={legend?.style} />
      </div>
      <p className="premium-muted">{expiry}</p>
      <p className="premium-muted">
        {t('premium.status.storage', { used: formatBytes(status.used_storage) })}
      </p>
    </section>
  );
}

function ManageList() {
  const { t } = useTranslation();
  const { status } = useMembership();
  const legend = status?.tier === 'premium-legend';
  const links: Array<[string, LucideIcon, string]> = [
    ['rename', PenLine, t('premium.manage.rename')],
    ['subscribe', Star, t('premium.manage.subscribe')],
    legend
      ? ['legend', Palette, t('premium.manage.legend')]
      : ['subscribe?product=legend-premium', Crown, t('premium.manage.becomeLegend')],
    ['relay', RadioTower, t('premium.manage.relay')],
    ['media', Images, t('premium.manage.media')],
    ['contacts', Users, t('premium.manage.contacts')],
    ['backup', Database, t('premium.manage.backup')],
    ['history', History, t('premium.manage.history')],
    ['og', Sparkles, t('premium.manage.og')],
    ['support', HeartHandshake, t('premium.manage.support')],
  ];
  return (
    <nav className="premium-card" aria-label={t('premium.manage.title')}>
      <h2 className="premium-card-title">{t('premium.manage.title')}</h2>
      <ul className="premium-links">
        {links.map(([to, Icon, label]) => (
          <li key={to}>
            <Link to={`/premium/${to}`} className="premium-link">
              <Icon size={18} aria-hidden />
              <span>{label}</span>
              <ChevronRight size={16} aria-hidden className="premium-link-chevron" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** `/premium`: for a member, their membership and every page to manage it; else what Premium is. */
export default function Landing() {
  const { t } = useTranslation();
  const membership = useMembership();
  const member = tierOfState(membership) !== 'none';
  return (
    <div className="premium-body">
      {member ? (
        <>
          <StatusCard />
          <ManageList />
        </>
      ) : (
        <>
          <Hero />
          <Benefits />
          <p className="premium-foot">
            <LifeBuoy size={14} aria-hidden />{' '}
            <Link to="/premium/support">{t('premium.manage.support')}</Link>
          </p>
        </>
      )}
    </div>
  );
}
