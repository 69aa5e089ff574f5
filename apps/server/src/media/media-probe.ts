import sharp from 'sharp';
import { parseFile } from 'music-metadata';

/** What is known of a picture or a video once stored. */
export interface MediaFacts {
  width: number | null;
  height: number | null;
  /** Seconds (video). */
  duration: number | null;
  /** An image with several frames. */
  animated: boolean;
}

const NONE: MediaFacts = { width: null, height: null, duration: null, animated: false };

/** Dimensions (as displayed: EXIF rotation applied) and frame count of an image, with sharp. */
async function imageFacts(path: string): Promise<MediaFacts> {
  const meta = await sharp(path, { limitInputPixels: 268_402_689 }).metadata();
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = (rotated ? meta.height : meta.width) ?? null;
  const height = (rotated ? meta.width : meta.height) ?? null;
  // Animated images report the height of all frames stacked unless pageHeight is given.
  const frameHeight = meta.pageHeight ?? null;
  return {
    width,
    height: !rotated && frameHeight ? frameHeight : height,
    duration: null,
    animated: (meta.pages ?? 1) > 1,
  };
}

/** Duration and picture size of a video, read from its container (no decoding, no ffmpeg). */
async function videoFacts(path: string): Promise<MediaFacts> {
  const { format } = await parseFile(path, { duration: true, skipCovers: true });
  const video = format.trackInfo.find((t) => t.video?.pixelWidth && t.video.pixelHeight)?.video;
  const duration =
    typeof format.duration === 'number' && Number.isFinite(format.duration)
      ? Math.round(format.duration * 1000) / 1000
      : null;
  return {
    width: video?.pixelWidth ?? null,
    height: video?.pixelHeight ?? null,
    duration,
    animated: false,
  };
}

/**
 * Facts of a stored upload. A file whose container cannot be read still counts as media (the
 * type was sniffed from its bytes); it just has no facts.
 */
export async function probeMedia(path: string, mime: string): Promise<MediaFacts> {
  try {
    if (mime.startsWith('image/')) return await imageFacts(path);
    if (mime.startsWith('video/')) return await videoFacts(path);
  } catch {
    // unreadable container: keep the file, without facts
  }
  return NONE;
}
