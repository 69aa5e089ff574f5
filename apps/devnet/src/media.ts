import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The demo network's pictures are drawn from their URL: the key in `/devnet/media/<kind>/<key>.<ext>`
 * decides colours and shapes, so a URL always shows the same picture and nothing is stored.
 */
export type MediaKind = 'avatar' | 'banner' | 'image';

const EXT: Record<MediaKind, 'png' | 'jpg'> = { avatar: 'png', banner: 'jpg', image: 'jpg' };
const IMAGE_SIZES = [
  [1200, 800],
  [800, 1000],
  [1024, 576],
  [900, 900],
] as const;

export const MEDIA_KEY = /^[0-9a-f]{8,64}$/;

function keyBytes(key: string): Uint8Array {
  return sha256(new TextEncoder().encode(key));
}

export function mediaSize(kind: MediaKind, key: string): { width: number; height: number } {
  if (kind === 'avatar') return { width: 256, height: 256 };
  if (kind === 'banner') return { width: 1200, height: 400 };
  const [width, height] = IMAGE_SIZES[keyBytes(key)[0]! % IMAGE_SIZES.length]!;
  return { width, height };
}

/**
 * Where the demo media live under `baseUrl`. The reference web client recognises media in a
 * note by a pattern that allows no port in the URL (`http://127.0.0.1:8080/...` fails, so its
 * media gallery stays empty); it does match from a later `http:` followed by a plain path, and a
 * browser resolves that (`http:/devnet/media/...`) against the page's own origin. So with an
 * explicit port the media are served under `/devnet/http:/devnet/media/...` too: any client loads
 * the whole URL, and the reference client served from this origin finds the picture through the
 * part it extracts. Without a port (a public host on 80/443) the plain path passes as it is.
 */
export function mediaRoot(baseUrl: string): string {
  const url = new URL(baseUrl);
  const root = baseUrl.replace(/\/+$/, '');
  return url.port ? `${root}/devnet/${url.protocol}/devnet/media` : `${root}/devnet/media`;
}

export function mediaUrl(baseUrl: string, kind: MediaKind, key: string): string {
  return `${mediaRoot(baseUrl)}/${kind}/${key}.${EXT[kind]}`;
}

export function mediaMime(kind: MediaKind): string {
  return EXT[kind] === 'png' ? 'image/png' : 'image/jpeg';
}

export function videoUrl(baseUrl: string, key: string): string {
  return `${mediaRoot(baseUrl)}/video/${key}.mp4`;
}

/** The one real video every demo video URL serves: 4 s, 320x180, H.264 and AAC. */
export const VIDEO_FILE = new URL('../assets/demo-clip.mp4', import.meta.url);
export const VIDEO_SIZE = { width: 320, height: 180, duration: 4 };

const hsl = (h: number, s: number, l: number) => `hsl(${h % 360},${s}%,${l}%)`;

function avatarSvg(b: Uint8Array): string {
  const hue = b[1]! * 1.41;
  const cells: string[] = [];
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 3; x++) {
      if ((b[2 + y * 3 + x]! & 1) === 0) continue;
      for (const cx of x === 2 ? [2] : [x, 4 - x]) {
        cells.push(`<rect x="${28 + cx * 40}" y="${28 + y * 40}" width="40" height="40"/>`);
      }
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
<rect width="256" height="256" fill="${hsl(hue + 180, 35, 92)}"/>
<g fill="${hsl(hue, 65, 45)}">${cells.join('')}</g></svg>`;
}

function bannerSvg(b: Uint8Array): string {
  const hue = b[1]! * 1.41;
  const waves = [0, 1, 2]
    .map((i) => {
      const y = 200 + i * 60;
      const a = 30 + (b[3 + i]! % 60);
      return `<path d="M0 ${y} C 300 ${y - a} 600 ${y + a} 900 ${y} S 1200 ${y - a} 1200 ${y} V 400 H 0 Z" fill="${hsl(hue + i * 25, 55, 55 - i * 10)}" opacity="0.85"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 70, 80)}"/><stop offset="1" stop-color="${hsl(hue + 60, 60, 60)}"/></linearGradient></defs>
<rect width="1200" height="400" fill="url(#g)"/>${waves}</svg>`;
}

function landscapeSvg(b: Uint8Array, width: number, height: number): string {
  const hue = b[1]! * 1.41;
  const sunX = (b[2]! / 255) * width;
  const sunY = height * (0.15 + (b[3]! / 255) * 0.3);
  const layers = [0, 1, 2]
    .map((i) => {
      const base = height * (0.55 + i * 0.13);
      const points = [`0,${height}`];
      for (let k = 0; k <= 8; k++) {
        const peak = base - ((b[4 + i * 9 + k]! / 255) * height) / (3 + i);
        points.push(`${Math.round((k / 8) * width)},${Math.round(peak)}`);
      }
      points.push(`${width},${height}`);
      return `<polygon points="${points.join(' ')}" fill="${hsl(hue + 120 + i * 15, 30 + i * 10, 40 - i * 10)}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue + 200, 60, 70)}"/><stop offset="1" stop-color="${hsl(hue + 20, 80, 85)}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#s)"/>
<circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="${Math.round(height / 10)}" fill="${hsl(hue + 40, 90, 65)}"/>${layers}</svg>`;
}

/** The SVG source of a demo picture. */
export function mediaSvg(kind: MediaKind, key: string): string {
  const b = keyBytes(key);
  if (kind === 'avatar') return avatarSvg(b);
  if (kind === 'banner') return bannerSvg(b);
  const { width, height } = mediaSize(kind, key);
  return landscapeSvg(b, width, height);
}
