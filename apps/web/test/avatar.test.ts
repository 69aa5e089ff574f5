import { describe, expect, it } from 'vitest';
import {
  avatarSizes,
  avatarSources,
  defaultAvatar,
  mediaCacheUrl,
} from '@/components/avatar/avatar-sizes.ts';

describe('avatars', () => {
  it('has every size of spec section 2, growing', () => {
    const names = 'nano micro xxs xss xs vvs vs2 vs sm md ml mll lg xl xxl'.split(' ');
    expect(Object.keys(avatarSizes)).toEqual(names);
    const px = names.map((n) => avatarSizes[n as keyof typeof avatarSizes]);
    expect([...px].sort((a, b) => a - b)).toEqual(px);
  });
  it('falls back from the source to the media-cache alternate, then the default avatar', () => {
    const src = 'https://example.com/a.png';
    expect(avatarSources(src)).toEqual([src, mediaCacheUrl(src), defaultAvatar]);
    expect(avatarSources(src, 'https://cache/x.png')).toEqual([
      src,
      'https://cache/x.png',
      defaultAvatar,
    ]);
    expect(avatarSources('')).toEqual([defaultAvatar]);
  });
  it('encodes the remote URL in the media-cache address', () => {
    expect(mediaCacheUrl('https://e.com/a b.png?x=1&y=2', 's', true)).toBe(
      '/media-cache?s=s&a=1&u=https%3A%2F%2Fe.com%2Fa%20b.png%3Fx%3D1%26y%3D2',
    );
  });
});
