import { Suspense, useState } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useMedia } from '@/data/entity-store.ts';
import { imageBox } from '@/features/note/image-box.ts';
import { useImageLoading } from '@/features/note/feed-position.ts';

const MediaLightbox = lazy(() => import('@/components/media-lightbox.tsx'));

/** An image of a note; its box is reserved from the media info's known dimensions. */
export function NoteImage({ url, dim }: { url: string; dim?: { w: number; h: number } }) {
  const { t } = useTranslation();
  const media = useMedia(url);
  const { loading, fetchPriority } = useImageLoading();
  const variant =
    media?.variants.find((v) => v.s === 'm') ??
    media?.variants.find((v) => v.s === 'o') ??
    media?.variants[0];
  const box = imageBox(variant?.w || dim?.w, variant?.h || dim?.h);
  const sources = [...new Set([variant?.media_url, url].filter((s): s is string => !!s))];
  const [failed, setFailed] = useState(0);
  const [open, setOpen] = useState(false);
  if (failed >= sources.length) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer nofollow">
        {url}
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        className={`note-image note-image-${box?.shape ?? 'unknown'}`}
        onClick={() => setOpen(true)}
        aria-label={t('note.image')}
      >
        <img
          src={sources[failed]}
          alt=""
          loading={loading}
          fetchPriority={fetchPriority}
          decoding="async"
          width={box?.width}
          height={box?.height}
          style={
            box ? { width: box.width, aspectRatio: `${box.width} / ${box.height}` } : undefined
          }
          onError={() => setFailed((n) => n + 1)}
        />
      </button>
      {open && (
        <Suspense fallback={null}>
          <MediaLightbox label={t('note.image')} src={url} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
