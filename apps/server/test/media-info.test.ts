import { describe, expect, it } from 'vitest';
import { mediaInfoOf } from '../src/cache/media-info.ts';
import { User } from './cache-helpers.ts';

const base = 'http://127.0.0.1:8080';

describe('mediaInfoOf (10000119)', () => {
  it('lists each image and video with its variants', () => {
    const note = new User().sign(1, 'look https://img.example/a.jpg and https://v.example/b.mp4');
    const info = mediaInfoOf(note, base)!;
    expect(info.resources.map((r) => [r.url, r.mt])).toEqual([
      ['https://img.example/a.jpg', 'image/jpeg'],
      ['https://v.example/b.mp4', 'video/mp4'],
    ]);
    expect(info.resources[0]!.variants.map((v) => v.s)).toEqual(['o', 's', 'm', 'l']);
    expect(info.resources[1]!.variants.map((v) => v.s)).toEqual(['o']);
  });

  it('also lists a media URL with a port under the part the reference client extracts', () => {
    const url = `${base}/devnet/http:/devnet/media/video/0123456789abcdef.mp4`;
    const info = mediaInfoOf(new User().sign(1, `a clip ${url}`), base)!;
    expect(info.resources.map((r) => r.url)).toEqual([
      url,
      'http:/devnet/media/video/0123456789abcdef.mp4',
    ]);
    expect(info.resources[1]!.mt).toBe('video/mp4');
    expect(info.resources[1]!.variants[0]!.media_url).toBe(url);
    // an ordinary URL with a port has no such part: nothing extra
    const plain = mediaInfoOf(new User().sign(1, `${base}/media/x.jpg`), base)!;
    expect(plain.resources).toHaveLength(1);
  });
});
