/** Photos are scaled down to this many pixels on the long side before decoding (speed). */
const MAX_SIDE = 1280;

/**
 * The text of the QR code in an image (a photo from the phone's camera or a picture file), or
 * null when none is found. The decoder (jsQR) loads only when an image is scanned.
 */
export async function decodeQrImage(image: Blob): Promise<string | null> {
  const [{ default: jsQR }, bitmap] = await Promise.all([import('jsqr'), createImageBitmap(image)]);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  // White behind transparent pixels: a QR drawn on transparency decodes as printed.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const { data } = ctx.getImageData(0, 0, width, height);
  const found = jsQR(data, width, height, { inversionAttempts: 'attemptBoth' });
  return found?.data.trim() || null;
}
