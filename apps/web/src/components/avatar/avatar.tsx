import { Suspense, useState } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useLegend, useMedia } from '@/data/entity-store.ts';
import { avatarSizes, avatarSources, type AvatarSize } from '@/components/avatar/avatar-sizes.ts';
import '@/components/avatar/avatar.css';

const MediaLightbox = lazy(() => import('@/components/media-lightbox.tsx'));

export interface AvatarProps {
  picture: string;
  size: AvatarSize;
  /** Accessible name of the person; the image itself is decorative unless zoomable. */
  name: string;
  /** Opens the full picture in a lightbox on click. */
  zoomable?: boolean;
  /** Whose avatar: a legend's ring (style and glow, 10000168) shows around it. */
  pubkey?: string;
}

/** An avatar with the fallback chain: source -> alternate (media-cache) -> default. */
export function Avatar({ picture, size, name, zoomable, pubkey }: AvatarProps) {
  const { t } = useTranslation();
  const media = useMedia(picture || undefined);
  const legend = useLegend(pubkey);
  const variant = media?.variants.find((v) => v.s === 's')?.media_url;
  const sources = avatarSources(picture, variant);
  const [failed, setFailed] = useState(0);
  const [open, setOpen] = useState(false);
  const px = avatarSizes[size];
  const src = sources[Math.min(failed, sources.length - 1)];
  const plain = (
    <img
      className={`avatar avatar-${size}`}
      src={src}
      width={px}
      height={px}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed((n) => (n < sources.length - 1 ? n + 1 : n))}
    />
  );
  const img = legend?.style ? (
    <span
      className={`avatar-legend avatar-legend-${size}`}
      data-legend-style={legend.style}
      data-glow={legend.avatar_glow ? 'true' : undefined}
      data-testid="legend-ring"
    >
      {plain}
    </span>
  ) : (
    plain
  );
  if (!zoomable) return img;
  return (
    <>
      <button
        type="button"
        className="avatar-button"
        aria-label={t('avatar.open', { name })}
        onClick={() => setOpen(true)}
      >
        {img}
      </button>
      {open && (
        <Suspense fallback={null}>
          <MediaLightbox
            label={t('avatar.lightbox', { name })}
            src={src!}
            alt={t('avatar.lightbox', { name })}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
