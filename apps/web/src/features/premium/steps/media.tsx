import { Suspense, useCallback, useState } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import Film from 'lucide-react/icons/film';
import FileIcon from 'lucide-react/icons/file';
import ImageIcon from 'lucide-react/icons/image';
import Trash2 from 'lucide-react/icons/trash-2';
import { formatBytes } from '@swell/nostr';
import type { MediaListItem, MemberMediaStats } from '@swell/cache-protocol';
import { IconButton } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { notify } from '@/components/ui/notify.ts';
import { shortDate } from '@/lib/format.ts';
import { useAsync } from '@/lib/use-async.ts';
import { membershipClient, refreshMembership } from '@/features/premium/membership.ts';
import { PremiumLoading } from '@/features/premium/premium-loading.tsx';
import { MediaUpload } from '@/features/premium/media-upload.tsx';

const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog.tsx'));

const fileName = (url: string) => decodeURIComponent(url.split('/').pop() ?? url);

function Stats({ stats }: { stats: MemberMediaStats }) {
  const { t } = useTranslation();
  const total = stats.image + stats.video + stats.other;
  const parts = [
    ['image', stats.image, ImageIcon],
    ['video', stats.video, Film],
    ['other', stats.other, FileIcon],
  ] as const;
  return (
    <section className="premium-card" aria-labelledby="premium-media-stats">
      <h2 id="premium-media-stats" className="premium-card-title">
        {t('premium.media.stats')}
      </h2>
      <div className="premium-meter" aria-hidden="true">
        {parts.map(([type, bytes]) =>
          bytes > 0 ? (
            <span
              key={type}
              className={`premium-meter-${type}`}
              style={{ flexGrow: total ? bytes / total : 0 }}
            />
          ) : null,
        )}
      </div>
      <dl className="premium-stats">
        {parts.map(([type, bytes, Icon]) => (
          <div key={type} className={`premium-stat premium-stat-${type}`}>
            <dt>
              <Icon size={16} aria-hidden /> {t(`premium.media.${type}`)}
            </dt>
            <dd data-testid={`media-${type}`}>{formatBytes(bytes)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Row({ item, onDelete }: { item: MediaListItem; onDelete: () => void }) {
  const { t } = useTranslation();
  const name = fileName(item.url);
  const kind = item.mimetype.split('/')[0];
  return (
    <li className="premium-media-row">
      <a href={item.url} target="_blank" rel="noreferrer" className="premium-media-thumb">
        {kind === 'image' ? (
          <img src={item.url} alt="" width={56} height={56} loading="lazy" decoding="async" />
        ) : kind === 'video' ? (
          <Film size={24} aria-hidden />
        ) : (
          <FileIcon size={24} aria-hidden />
        )}
        <span className="visually-hidden">{name}</span>
      </a>
      <div className="premium-media-text">
        <span className="premium-media-name premium-mono" title={item.url}>
          {name}
        </span>
        <span className="premium-muted">
          {item.mimetype} · {formatBytes(item.size)} ·{' '}
          {t('premium.media.uploaded', { date: shortDate(item.created_at) })}
        </span>
      </div>
      <IconButton
        label={t('premium.media.deleteLabel', { name })}
        icon={<Trash2 size={18} aria-hidden />}
        onClick={onDelete}
      />
    </li>
  );
}

/** Media management: bytes by type, the member's uploads, each deletable after a confirmation. */
export default function Media() {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const [asked, setAsked] = useState<MediaListItem | null>(null);
  const [gone, setGone] = useState<Set<string>>(new Set());
  const reload = useCallback(() => {
    setVersion((v) => v + 1);
    void refreshMembership().catch(() => {});
  }, []);
  const data = useAsync(`media-${version}`, async () => {
    const c = await membershipClient();
    const [stats, page] = await Promise.all([c.mediaStats(), c.mediaUploads({ limit: 100 })]);
    return { stats, items: page.items };
  });
  const remove = async (item: MediaListItem) => {
    try {
      await (await membershipClient()).deleteMedia(item.url);
      setGone((g) => new Set(g).add(item.url));
      notify.success(t('premium.media.deleted'));
      setVersion((v) => v + 1);
      void refreshMembership().catch(() => {});
    } catch {
      notify.error(t('premium.media.deleteFailed'));
    }
  };
  // A reload after an upload keeps the page (and the uploads still running) on screen.
  const [last, setLast] = useState(data.data);
  if (data.data && data.data !== last) setLast(data.data);
  const shown = data.data ?? last;
  if (data.error) {
    const code = (data.error as { code?: string }).code;
    return (
      <ErrorState
        title={
          code === 'uploads-not-enabled'
            ? t('premium.media.noUploads')
            : t('premium.media.loadFailed')
        }
        onRetry={data.retry}
      />
    );
  }
  if (!shown) return <PremiumLoading />;
  const items = shown.items.filter((i) => !gone.has(i.url));
  return (
    <div className="premium-body">
      <p className="premium-intro">{t('premium.media.intro')}</p>
      <MediaUpload onUploaded={reload} />
      <Stats stats={shown.stats} />
      <section aria-labelledby="premium-media-list" className="premium-card">
        <h2 id="premium-media-list" className="premium-card-title">
          {t('premium.media.list')}
        </h2>
        {items.length === 0 ? (
          <EmptyState
            compact
            headingLevel={3}
            icon={<ImageIcon size={22} />}
            title={t('premium.media.emptyTitle')}
            body={t('premium.media.emptyBody')}
          />
        ) : (
          <ul className="premium-media-list">
            {items.map((item) => (
              <Row key={item.url} item={item} onDelete={() => setAsked(item)} />
            ))}
          </ul>
        )}
      </section>
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('premium.media.confirmTitle')}
            body={t('premium.media.confirmBody')}
            confirmLabel={t('premium.media.delete')}
            danger
            onConfirm={() => void remove(asked)}
            onClose={() => setAsked(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
