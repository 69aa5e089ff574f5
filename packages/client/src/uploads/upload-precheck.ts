import { fileTypeFromBlob } from 'file-type';
import { isUploadableMime, uploadLimitBytes } from '@swell/cache-protocol';
import { UploadError } from './upload-error.ts';

/** A file to upload: a File (it has a name) or any Blob. */
export type UploadSource = Blob & { name?: string };

export const fileNameOf = (file: UploadSource): string => file.name || 'file';

export interface PrecheckOptions {
  /** Membership tier ('premium', 'premium-legend'; anything else is regular). */
  tier?: string;
  /** Overrides the tier's per-file limit, in bytes. */
  maxBytes?: number;
}

/** The media type of a file, read from its first bytes (never from its name). */
export interface CheckedFile {
  mime: string;
  ext: string;
  size: number;
}

/**
 * The checks made before a single byte is sent (spec section 5): the size limit of the user's
 * tier (100 MB regular, 1 GB premium) and the type, sniffed from the bytes with file-type: only
 * pictures and video, so a renamed program or document is refused whatever its name says.
 * Throws an UploadError (`file-too-big`, `unsupported-type`).
 */
export async function precheckUpload(
  file: UploadSource,
  opts: PrecheckOptions = {},
): Promise<CheckedFile> {
  const limit = opts.maxBytes ?? uploadLimitBytes(opts.tier);
  const name = file.name || 'file';
  if (file.size > limit) throw new UploadError('file-too-big', name, { limitBytes: limit });
  if (file.size === 0) throw new UploadError('unsupported-type', name);
  const found = await fileTypeFromBlob(file);
  if (!found || !isUploadableMime(found.mime)) throw new UploadError('unsupported-type', name);
  return { mime: found.mime, ext: found.ext, size: file.size };
}
