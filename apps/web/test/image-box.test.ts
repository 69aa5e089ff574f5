import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { imageBox, imageDefaultWidth, imageTallThreshold } from '@/features/note/image-box.ts';

describe('imageBox (spec section 9)', () => {
  it('fits wide images to the default width and keeps the ratio', () => {
    expect(imageBox(1920, 1080)).toEqual({ width: 538, height: 303, shape: 'landscape' });
  });
  it('caps tall images at the tall threshold', () => {
    expect(imageBox(1000, 3000)).toEqual({ width: 227, height: 680, shape: 'portrait' });
  });
  it('keeps small images at their size', () => {
    expect(imageBox(200, 190)).toEqual({ width: 200, height: 190, shape: 'square' });
  });
  it('classifies by the 0.9 and 1.2 ratio thresholds', () => {
    expect(imageBox(89, 100)?.shape).toBe('portrait');
    expect(imageBox(90, 100)?.shape).toBe('square');
    expect(imageBox(120, 100)?.shape).toBe('square');
    expect(imageBox(121, 100)?.shape).toBe('landscape');
  });
  it('reserves no box for unknown or broken dimensions', () => {
    expect(imageBox(undefined, 100)).toBeUndefined();
    expect(imageBox(0, 0)).toBeUndefined();
    expect(imageBox(-5, 10)).toBeUndefined();
    expect(imageBox(Number.NaN, 10)).toBeUndefined();
  });
  it('always stays within 538 x 680 and keeps the aspect ratio', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20000 }),
        fc.integer({ min: 1, max: 20000 }),
        (w, h) => {
          const box = imageBox(w, h)!;
          expect(box.width).toBeLessThanOrEqual(imageDefaultWidth);
          expect(box.height).toBeLessThanOrEqual(imageTallThreshold);
          // Rounding to whole pixels moves the ratio by at most one pixel on either side.
          expect(Math.abs(box.width - box.height * (w / h))).toBeLessThanOrEqual(1 + w / h);
        },
      ),
    );
  });
});

describe('imetaDims (NIP-92)', () => {
  it('reads url and dim of each imeta tag, ignoring malformed ones', async () => {
    const { imetaDims } = await import('@/features/note/imeta.ts');
    const dims = imetaDims([
      ['imeta', 'url https://a/x.jpg', 'm image/jpeg', 'dim 1200x800'],
      ['imeta', 'url https://a/y.jpg', 'dim 0x800'],
      ['imeta', 'dim 10x10'],
      ['e', 'abc'],
    ]);
    expect([...dims]).toEqual([['https://a/x.jpg', { w: 1200, h: 800 }]]);
  });
});
