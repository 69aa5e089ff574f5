import { decode, isBlurhashValid } from 'blurhash';

const cache = new Map<string, string>();

/**
 * A blurhash painted as a small PNG data URL (at most 32 px on its long side, the picture's
 * aspect), to fill a picture's reserved box until it loads; undefined when the hash is not valid
 * or there is no canvas. Kept per hash (a feed repaints the same pictures).
 */
export function blurhashUrl(hash: string, w?: number, h?: number): string | undefined {
  const key = `${hash}|${w ?? ''}x${h ?? ''}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit || undefined;
  let url = '';
  try {
    if (isBlurhashValid(hash).result && typeof document !== 'undefined') {
      const ratio = w && h ? w / h : 1;
      const width = Math.max(1, Math.round(ratio >= 1 ? 32 : 32 * ratio));
      const height = Math.max(1, Math.round(ratio >= 1 ? 32 / ratio : 32));
      const pixels = decode(hash, width, height);
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      if (ctx) {
        const data = ctx.createImageData(width, height);
        data.data.set(pixels);
        ctx.putImageData(data, 0, 0);
        url = canvas.toDataURL();
      }
    }
  } catch {
    url = '';
  }
  cache.set(key, url);
  return url || undefined;
}
