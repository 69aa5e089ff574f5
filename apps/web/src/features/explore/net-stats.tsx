import { useTranslation } from '@/i18n/use-translation.ts';
import { netStatsModel } from '@swell/client';
import type { NetStats } from '@swell/cache-protocol';
import { useModel } from '@/data/use-model.ts';

const full = new Intl.NumberFormat('en');

const shown: readonly (keyof NetStats)[] = ['users', 'pubnotes', 'reactions', 'zaps', 'satszapped'];

/**
 * The network statistics (spec section 4): the `net_stats` stream is opened when this mounts
 * and closed when it unmounts (leaving Explore), so no one pays for numbers nobody sees.
 */
export function NetStatsBar() {
  const { t } = useTranslation();
  const stats = useModel(netStatsModel, undefined)!.state;
  return (
    <section className="net-stats" aria-label={t('explore.netStats')} aria-busy={!stats}>
      <dl>
        {shown.map((key) => (
          <div key={key} className="net-stat" data-stat={key}>
            <dt>{t(`explore.stats.${key}`)}</dt>
            <dd data-value={stats?.[key]}>{stats ? full.format(stats[key]) : '–'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
