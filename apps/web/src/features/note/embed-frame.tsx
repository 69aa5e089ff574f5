import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import Music from 'lucide-react/icons/music';
import Play from 'lucide-react/icons/play';
import Tv from 'lucide-react/icons/tv';
import type { EmbedProvider, Segment } from '@swell/nostr';
import { Button } from '@/components/ui/button.tsx';
import { useOnline } from '@/lib/use-online.ts';

type EmbedSegment = Extract<Segment, { type: 'embed' }>;

/** Providers' names as they write them. */
export const providerNames: Record<EmbedProvider, string> = {
  spotify: 'Spotify',
  soundcloud: 'SoundCloud',
  mixcloud: 'Mixcloud',
  wavlake: 'Wavlake',
  applemusic: 'Apple Music',
  tidal: 'TIDAL',
  youtube: 'YouTube',
  twitch: 'Twitch',
  kick: 'Kick',
  zapstream: 'zap.stream',
};

const audio = new Set<EmbedProvider>([
  'spotify',
  'soundcloud',
  'mixcloud',
  'wavlake',
  'applemusic',
  'tidal',
]);

function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return url;
  }
}

/**
 * An embedded player. It starts as a card (provider, link, play button) and loads the
 * provider's frame (at its spec height) only when asked: nothing is fetched from the provider
 * before that, and offline the card stays a tidy card with the link instead of a broken frame.
 */
export function EmbedFrame({ segment }: { segment: EmbedSegment }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [playing, setPlaying] = useState(false);
  const name = providerNames[segment.provider] ?? segment.provider;
  if (playing && online) {
    const src =
      segment.provider === 'twitch'
        ? `${segment.embedUrl}&parent=${encodeURIComponent(location.hostname)}`
        : segment.embedUrl;
    return (
      <iframe
        className={`note-embed note-embed-${segment.provider}`}
        src={src}
        title={`${t('note.embed')}: ${name}`}
        height={segment.aspectRatio ? undefined : segment.height}
        style={segment.aspectRatio ? { aspectRatio: String(segment.aspectRatio) } : undefined}
        allow="autoplay; encrypted-media; picture-in-picture"
        sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"
        referrerPolicy="no-referrer"
      />
    );
  }
  const Icon = audio.has(segment.provider) ? Music : Tv;
  return (
    <div className="embed-card" role="group" aria-label={`${t('note.embed')}: ${name}`}>
      <span className="embed-card-icon" aria-hidden="true">
        <Icon size={22} />
      </span>
      <span className="embed-card-text">
        <strong>{name}</strong>
        <a href={segment.url} target="_blank" rel="noopener noreferrer nofollow">
          {shortUrl(segment.url)}
        </a>
        {!online && <span className="embed-card-offline">{t('note.embedOffline')}</span>}
      </span>
      {online && (
        <Button
          size="sm"
          variant="secondary"
          icon={<Play size={14} aria-hidden />}
          onClick={() => setPlaying(true)}
          aria-label={t('note.embedPlay', { provider: name })}
        >
          {t('note.play')}
        </Button>
      )}
    </div>
  );
}
