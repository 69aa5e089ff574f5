/** Image sizing of spec section 9. */
export const imageDefaultWidth = 538;
export const imageTallThreshold = 680;
export const portraitRatio = 0.9;
export const landscapeRatio = 1.2;

export type ImageShape = 'portrait' | 'square' | 'landscape';

export interface ImageBox {
  width: number;
  height: number;
  shape: ImageShape;
}

/**
 * The box reserved for an image of known dimensions: at most the default width, at most the
 * tall threshold high, keeping the aspect ratio. Shape by ratio (width / height): below 0.9
 * portrait, above 1.2 landscape, else square. Undefined when the dimensions are unknown.
 */
export function imageBox(w: number | undefined, h: number | undefined): ImageBox | undefined {
  if (!w || !h || w <= 0 || h <= 0 || !Number.isFinite(w) || !Number.isFinite(h)) return undefined;
  const ratio = w / h;
  const shape: ImageShape =
    ratio < portraitRatio ? 'portrait' : ratio > landscapeRatio ? 'landscape' : 'square';
  let width = Math.min(imageDefaultWidth, w);
  let height = width / ratio;
  if (height > imageTallThreshold) {
    height = imageTallThreshold;
    width = height * ratio;
  }
  return { width: Math.round(width), height: Math.round(height), shape };
}
