import type { EmbedProvider } from './segments.ts';

/** Player heights of client-spec section 9, plus common defaults for video players. */
export const EMBED_HEIGHTS = {
  spotify: 352,
  soundcloud: 166,
  mixcloud: 120,
  wavlake: 380,
  appleMusicTrack: 175,
  appleMusic: 450,
  tidal: 352,
  youtube: 315,
  twitch: 378,
  kick: 378,
  zapstream: 378,
} as const;

export interface Embed {
  provider: EmbedProvider;
  embedUrl: string;
  height: number;
  aspectRatio?: number;
}

const VIDEO = 16 / 9;

function host(u: URL): string {
  return u.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
}

function segments(u: URL): string[] {
  return u.pathname.split('/').filter((s) => s !== '');
}

const SPOTIFY_TYPES = new Set(['track', 'album', 'playlist', 'episode', 'show', 'artist']);

function spotify(u: URL): Embed | undefined {
  const parts = segments(u).filter((p) => !/^intl-[a-z]{2}/i.test(p));
  const [type, id] = parts;
  if (!type || !id || !SPOTIFY_TYPES.has(type) || !/^[A-Za-z0-9]+$/.test(id)) return undefined;
  return {
    provider: 'spotify',
    embedUrl: `https://open.spotify.com/embed/${type}/${id}`,
    height: EMBED_HEIGHTS.spotify,
  };
}

function soundcloud(u: URL): Embed | undefined {
  if (segments(u).length < 1) return undefined;
  const target = `https://soundcloud.com${u.pathname}`;
  return {
    provider: 'soundcloud',
    embedUrl: `https://w.soundcloud.com/player/?url=${encodeURIComponent(target)}`,
    height: EMBED_HEIGHTS.soundcloud,
  };
}

function mixcloud(u: URL): Embed | undefined {
  if (segments(u).length < 2) return undefined;
  const feed = u.pathname.endsWith('/') ? u.pathname : `${u.pathname}/`;
  return {
    provider: 'mixcloud',
    embedUrl: `https://www.mixcloud.com/widget/iframe/?hide_cover=1&feed=${encodeURIComponent(feed)}`,
    height: EMBED_HEIGHTS.mixcloud,
  };
}

function wavlake(u: URL): Embed | undefined {
  const parts = segments(u);
  if (parts.length < 1) return undefined;
  const path = parts.join('/');
  return {
    provider: 'wavlake',
    embedUrl: `https://embed.wavlake.com/${path}`,
    height: EMBED_HEIGHTS.wavlake,
  };
}

function appleMusic(u: URL): Embed | undefined {
  const parts = segments(u);
  if (parts.length < 2) return undefined;
  const single = u.searchParams.has('i') || parts.includes('song');
  return {
    provider: 'applemusic',
    embedUrl: `https://embed.music.apple.com${u.pathname}${u.search}`,
    height: single ? EMBED_HEIGHTS.appleMusicTrack : EMBED_HEIGHTS.appleMusic,
  };
}

function tidal(u: URL): Embed | undefined {
  const parts = segments(u).filter((p) => p !== 'browse');
  const [type, id] = parts;
  if (!type || !id || !['track', 'album', 'playlist', 'video'].includes(type)) return undefined;
  return {
    provider: 'tidal',
    embedUrl: `https://embed.tidal.com/${type}s/${id}`,
    height: EMBED_HEIGHTS.tidal,
  };
}

function youtube(u: URL, h: string): Embed | undefined {
  let id: string | null | undefined;
  const parts = segments(u);
  if (h === 'youtu.be') id = parts[0];
  else if (parts[0] === 'watch') id = u.searchParams.get('v');
  else if (['shorts', 'live', 'embed', 'v'].includes(parts[0] ?? '')) id = parts[1];
  if (!id || !/^[A-Za-z0-9_-]{6,20}$/.test(id)) return undefined;
  return {
    provider: 'youtube',
    embedUrl: `https://www.youtube.com/embed/${id}`,
    height: EMBED_HEIGHTS.youtube,
    aspectRatio: VIDEO,
  };
}

function twitch(u: URL, h: string): Embed | undefined {
  const parts = segments(u);
  let query: string | undefined;
  if (h === 'clips.twitch.tv' && parts[0]) query = `clip=${encodeURIComponent(parts[0])}`;
  else if (parts[0] === 'videos' && parts[1]) query = `video=${encodeURIComponent(parts[1])}`;
  else if (parts[1] === 'clip' && parts[2]) query = `clip=${encodeURIComponent(parts[2])}`;
  else if (parts.length === 1 && /^\w+$/.test(parts[0]!))
    query = `channel=${encodeURIComponent(parts[0]!)}`;
  if (!query) return undefined;
  const base = query.startsWith('clip=')
    ? 'https://clips.twitch.tv/embed'
    : 'https://player.twitch.tv/';
  return {
    provider: 'twitch',
    embedUrl: `${base}?${query}`,
    height: EMBED_HEIGHTS.twitch,
    aspectRatio: VIDEO,
  };
}

function kick(u: URL): Embed | undefined {
  const parts = segments(u);
  if (parts.length !== 1 || !/^[\w-]+$/.test(parts[0]!)) return undefined;
  return {
    provider: 'kick',
    embedUrl: `https://player.kick.com/${parts[0]}`,
    height: EMBED_HEIGHTS.kick,
    aspectRatio: VIDEO,
  };
}

function zapstream(u: URL): Embed | undefined {
  const id = segments(u)[0];
  if (!id || !/^(naddr|nevent|npub)1[0-9a-z]+$/.test(id)) return undefined;
  return {
    provider: 'zapstream',
    embedUrl: `https://zap.stream/embed/${id}`,
    height: EMBED_HEIGHTS.zapstream,
    aspectRatio: VIDEO,
  };
}

/** The embedded player for a URL, or undefined when it is not a known player link. */
export function detectEmbed(url: string): Embed | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined;
  const h = host(u);
  switch (h) {
    case 'open.spotify.com':
      return spotify(u);
    case 'soundcloud.com':
      return soundcloud(u);
    case 'mixcloud.com':
      return mixcloud(u);
    case 'wavlake.com':
      return wavlake(u);
    case 'music.apple.com':
      return appleMusic(u);
    case 'tidal.com':
    case 'listen.tidal.com':
      return tidal(u);
    case 'youtube.com':
    case 'youtu.be':
    case 'music.youtube.com':
      return youtube(u, h);
    case 'twitch.tv':
    case 'clips.twitch.tv':
      return twitch(u, h);
    case 'kick.com':
      return kick(u);
    case 'zap.stream':
      return zapstream(u);
    default:
      return undefined;
  }
}
