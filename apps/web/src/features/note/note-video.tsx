import { useEffect, useRef } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useMedia } from '@/data/entity-store.ts';
import { imageBox } from '@/features/note/image-box.ts';

/** A video that plays (muted) while visible and pauses when scrolled away. */
export function NoteVideo({ url, dim }: { url: string; dim?: { w: number; h: number } }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const media = useMedia(url);
  const variant = media?.variants.find((v) => v.w && v.h);
  const box = imageBox(variant?.w || dim?.w, variant?.h || dim?.h);
  useEffect(() => {
    const video = ref.current;
    if (!video || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) video.play().catch(() => {});
        else video.pause();
      },
      { threshold: 0.5 },
    );
    io.observe(video);
    return () => io.disconnect();
  }, []);
  return (
    <video
      ref={ref}
      className="note-video"
      src={url}
      controls
      muted
      playsInline
      loop
      preload="metadata"
      aria-label={t('note.video')}
      width={box?.width}
      height={box?.height}
    />
  );
}
