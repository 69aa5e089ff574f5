import { useTranslation } from 'react-i18next';
import type { Segment } from '@swell/nostr';

type EmbedSegment = Extract<Segment, { type: 'embed' }>;

/** An embedded player at its provider's height (spec section 9). */
export function EmbedFrame({ segment }: { segment: EmbedSegment }) {
  const { t } = useTranslation();
  const src =
    segment.provider === 'twitch'
      ? `${segment.embedUrl}&parent=${encodeURIComponent(location.hostname)}`
      : segment.embedUrl;
  return (
    <iframe
      className={`note-embed note-embed-${segment.provider}`}
      src={src}
      title={`${t('note.embed')}: ${segment.provider}`}
      loading="lazy"
      height={segment.aspectRatio ? undefined : segment.height}
      style={segment.aspectRatio ? { aspectRatio: String(segment.aspectRatio) } : undefined}
      allow="encrypted-media; picture-in-picture"
      sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"
      referrerPolicy="no-referrer"
    />
  );
}
