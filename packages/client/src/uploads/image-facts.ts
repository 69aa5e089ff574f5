import { encode } from 'blurhash';

/** A decoded picture: its size and a small RGBA copy for the blurhash. */
export interface DecodedImage {
  width: number;
  height: number;
  /** RGBA pixels of a small version (at most 64 px on its long side is plenty). */
  thumbnail: { data: Uint8ClampedArray; width: number; height: number };
}

/** Decodes a picture; resolves undefined when it cannot (unknown format, no decoder). */
export type DecodeImage = (blob: Blob) => Promise<DecodedImage | undefined>;

export interface ImageFacts {
  width: number;
  height: number;
  blurhash: string;
}

const THUMB = 64;

/**
 * The browser's decoder: createImageBitmap (EXIF orientation applied) and an OffscreenCanvas for
 * the small copy. Undefined where those do not exist (Node): no decoding there.
 */
export function browserImageDecoder(): DecodeImage | undefined {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function')
    return undefined;
  return async (blob) => {
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
    } catch {
      return undefined;
    }
    try {
      const scale = Math.min(1, THUMB / Math.max(bitmap.width, bitmap.height));
      const w = Math.max(1, Math.round(bitmap.width * scale));
      const h = Math.max(1, Math.round(bitmap.height * scale));
      const canvas = new OffscreenCanvas(w, h);
      const ctx = canvas.getContext('2d');
      if (!ctx) return undefined;
      ctx.drawImage(bitmap, 0, 0, w, h);
      return {
        width: bitmap.width,
        height: bitmap.height,
        thumbnail: { data: ctx.getImageData(0, 0, w, h).data, width: w, height: h },
      };
    } finally {
      bitmap.close();
    }
  };
}

/**
 * Size and blurhash of a picture, computed here in the client with the `blurhash` package (4x4
 * components, five along a long side), so other clients can reserve its box and paint a
 * placeholder before it loads.
 * Undefined when the picture cannot be decoded.
 */
export async function imageFacts(
  blob: Blob,
  decode: DecodeImage | undefined = browserImageDecoder(),
): Promise<ImageFacts | undefined> {
  if (!decode) return undefined;
  const img = await decode(blob).catch(() => undefined);
  if (!img || img.width <= 0 || img.height <= 0) return undefined;
  const t = img.thumbnail;
  const aspect = img.width / img.height;
  const cx = aspect >= 1.5 ? 5 : aspect <= 0.67 ? 3 : 4;
  const cy = aspect >= 1.5 ? 3 : aspect <= 0.67 ? 5 : 4;
  return {
    width: img.width,
    height: img.height,
    blurhash: encode(t.data, t.width, t.height, cx, cy),
  };
}
