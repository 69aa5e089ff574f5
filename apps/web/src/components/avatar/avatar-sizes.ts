/** Avatar sizes of spec section 2, in CSS pixels. */
export const avatarSizes = {
  nano: 12,
  micro: 16,
  xxs: 20,
  xss: 24,
  xs: 28,
  vvs: 32,
  vs2: 36,
  vs: 40,
  sm: 44,
  md: 48,
  ml: 56,
  mll: 64,
  lg: 80,
  xl: 104,
  xxl: 148,
} as const;

export type AvatarSize = keyof typeof avatarSizes;

export const defaultAvatar = '/default-avatar.svg';

/** The media-cache variant of a remote image (the alternate source of the fallback chain). */
export function mediaCacheUrl(url: string, size: 's' | 'm' | 'l' | 'o' = 's', animated = true) {
  return `/media-cache?s=${size}&a=${animated ? 1 : 0}&u=${encodeURIComponent(url)}`;
}

/**
 * The fallback chain of an avatar: source, then the alternate (media-cache) URL, then the
 * default avatar. Returns the sources in order, without blanks or repeats.
 */
export function avatarSources(picture: string, alternate?: string): string[] {
  const chain = picture ? [picture, alternate ?? mediaCacheUrl(picture)] : [];
  chain.push(defaultAvatar);
  return [...new Set(chain.filter(Boolean))];
}
