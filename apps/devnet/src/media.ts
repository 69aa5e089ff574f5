import { sha256 } from '@noble/hashes/sha2.js';
import { encode as encodeBlurhash } from 'blurhash';

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

/** A demo video: `video` the landscape clip, `short` the portrait one. */
export function videoUrl(baseUrl: string, key: string, kind: 'video' | 'short' = 'video'): string {
  return `${mediaRoot(baseUrl)}/${kind}/${key}.mp4`;
}

/** The one real video every demo video URL serves: 4 s, 320x180, H.264 and AAC. */
export const VIDEO_FILE = new URL('../assets/demo-clip.mp4', import.meta.url);
export const VIDEO_SIZE = { width: 320, height: 180, duration: 4 };
/** The portrait clip every demo short video URL serves (kind 22): 4 s, 180x320. */
export const SHORT_VIDEO_FILE = new URL('../assets/demo-clip-short.mp4', import.meta.url);
export const SHORT_VIDEO_SIZE = { width: 180, height: 320, duration: 4 };

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

/** A demo picture: a sky gradient, a sun and three ridges, all from the key's bytes. */
interface Landscape {
  width: number;
  height: number;
  hue: number;
  sun: { x: number; y: number; r: number };
  /** Ridge points of each layer, back to front, left to right. */
  ridges: Array<Array<[number, number]>>;
}

function landscape(b: Uint8Array, width: number, height: number): Landscape {
  const ridges = [0, 1, 2].map((i) => {
    const base = height * (0.55 + i * 0.13);
    const points: Array<[number, number]> = [];
    for (let k = 0; k <= 8; k++) {
      const peak = base - ((b[4 + i * 9 + k]! / 255) * height) / (3 + i);
      points.push([Math.round((k / 8) * width), Math.round(peak)]);
    }
    return points;
  });
  return {
    width,
    height,
    hue: b[1]! * 1.41,
    sun: {
      x: Math.round((b[2]! / 255) * width),
      y: Math.round(height * (0.15 + (b[3]! / 255) * 0.3)),
      r: Math.round(height / 10),
    },
    ridges,
  };
}

const skyTop = (l: Landscape) => [l.hue + 200, 60, 70] as const;
const skyBottom = (l: Landscape) => [l.hue + 20, 80, 85] as const;
const sunColor = (l: Landscape) => [l.hue + 40, 90, 65] as const;
const ridgeColor = (l: Landscape, i: number) =>
  [l.hue + 120 + i * 15, 30 + i * 10, 40 - i * 10] as const;

function landscapeSvg(l: Landscape): string {
  const { width, height } = l;
  const layers = l.ridges
    .map((ridge, i) => {
      const points = [`0,${height}`, ...ridge.map(([x, y]) => `${x},${y}`), `${width},${height}`];
      return `<polygon points="${points.join(' ')}" fill="${hsl(...ridgeColor(l, i))}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(...skyTop(l))}"/><stop offset="1" stop-color="${hsl(...skyBottom(l))}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#s)"/>
<circle cx="${l.sun.x}" cy="${l.sun.y}" r="${l.sun.r}" fill="${hsl(...sunColor(l))}"/>${layers}</svg>`;
}

/** CSS hsl() to sRGB bytes. */
function rgb(h: number, s: number, l: number): [number, number, number] {
  const sat = s / 100;
  const light = l / 100;
  const f = (n: number) => {
    const k = (n + (h % 360) / 30) % 12;
    const a = sat * Math.min(light, 1 - light);
    return Math.round(255 * (light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** The picture sampled at the centres of a `w` x `h` grid (RGBA), as the SVG draws it. */
function landscapePixels(l: Landscape, w: number, h: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(w * h * 4);
  const top = rgb(...skyTop(l));
  const bottom = rgb(...skyBottom(l));
  const sun = rgb(...sunColor(l));
  const ridges = l.ridges.map((r, i) => ({ points: r, color: rgb(...ridgeColor(l, i)) }));
  for (let py = 0; py < h; py++) {
    const y = ((py + 0.5) / h) * l.height;
    for (let px = 0; px < w; px++) {
      const x = ((px + 0.5) / w) * l.width;
      const t = y / l.height;
      let c: readonly number[] = top.map((v, i) => Math.round(v + (bottom[i]! - v) * t));
      if ((x - l.sun.x) ** 2 + (y - l.sun.y) ** 2 <= l.sun.r ** 2) c = sun;
      for (const ridge of ridges) {
        const k = Math.min(7, Math.floor((x / l.width) * 8));
        const [x0, y0] = ridge.points[k]!;
        const [x1, y1] = ridge.points[k + 1]!;
        const ry = y0 + ((y1 - y0) * (x - x0)) / Math.max(1, x1 - x0);
        if (y >= ry) c = ridge.color;
      }
      out.set([c[0]!, c[1]!, c[2]!, 255], (py * w + px) * 4);
    }
  }
  return out;
}

/**
 * The blurhash of a demo picture (4x3 components), computed from the drawing itself on a 20 px
 * wide grid: no rendering, the same on every machine.
 */
export function mediaBlurhash(kind: MediaKind, key: string): string {
  const { width, height } = mediaSize(kind, key);
  const l = landscape(keyBytes(key), width, height);
  const w = 20;
  const h = Math.max(1, Math.round((32 * height) / width));
  return encodeBlurhash(landscapePixels(l, w, h), w, h, 4, 3);
}

const SKIES = ['a violet', 'a blue', 'a green', 'a golden', 'a rose'];

/** A description of a demo picture for its alt text, from what the drawing shows. */
export function mediaAlt(kind: MediaKind, key: string): string {
  const { width, height } = mediaSize(kind, key);
  const l = landscape(keyBytes(key), width, height);
  const sky = SKIES[Math.floor(((l.hue + 200) % 360) / 72)]!;
  const side =
    l.sun.x < width / 3
      ? 'on the left'
      : l.sun.x > (2 * width) / 3
        ? 'on the right'
        : 'in the middle';
  const sun = l.sun.y < height * 0.3 ? 'high' : 'low';
  return `Three layers of hills under ${sky} sky, the sun ${sun} ${side}`;
}

/** The SVG source of a demo picture. */
export function mediaSvg(kind: MediaKind, key: string): string {
  const b = keyBytes(key);
  if (kind === 'avatar') return avatarSvg(b);
  if (kind === 'banner') return bannerSvg(b);
  const { width, height } = mediaSize(kind, key);
  return landscapeSvg(landscape(b, width, height));
}
