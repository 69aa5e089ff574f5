const IMAGE_EXTENSIONS = new Set([
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'avif',
  'svg',
  'bmp',
  'apng',
  'heic',
  'jfif',
]);
const VIDEO_EXTENSIONS = new Set(['mp4', 'webm', 'mov', 'm4v', 'ogv', 'mkv', 'm3u8']);

/** The lowercase file extension of a URL's path, ignoring query and fragment. */
export function urlExtension(url: string): string | undefined {
  try {
    const path = new URL(url).pathname;
    const dot = path.lastIndexOf('.');
    if (dot < 0 || dot < path.lastIndexOf('/')) return undefined;
    return path.slice(dot + 1).toLowerCase();
  } catch {
    return undefined;
  }
}

/** 'image' or 'video' by file extension, else undefined. */
export function mediaTypeOfUrl(url: string): 'image' | 'video' | undefined {
  const ext = urlExtension(url);
  if (ext === undefined) return undefined;
  if (IMAGE_EXTENSIONS.has(ext)) return 'image';
  if (VIDEO_EXTENSIONS.has(ext)) return 'video';
  return undefined;
}
