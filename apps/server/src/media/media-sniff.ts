import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { isUploadableMime } from '@swell/cache-protocol';

/** A media type sniffed from a file's bytes. */
export interface SniffedType {
  mime: string;
  /** Extension without the dot (jpg, png, mp4, mov, ...). */
  ext: string;
}

/** Bytes from the start of a file that `sniffHead` looks at. */
export const SNIFF_HEAD_BYTES = 64 * 1024;

/** Refusal text when the bytes are not a picture or a video (whatever the file's name). */
export const NOT_MEDIA = 'only images and videos can be uploaded';

function accepted(found: { mime: string; ext: string } | undefined): SniffedType | undefined {
  if (!found || !isUploadableMime(found.mime)) return undefined;
  return { mime: found.mime, ext: found.ext };
}

/** The media type of the first bytes of a file; undefined when it is not an accepted one. */
export async function sniffHead(head: Uint8Array): Promise<SniffedType | undefined> {
  return accepted(await fileTypeFromBuffer(head));
}

/** The media type of a stored file; undefined when it is not an accepted one. */
export async function sniffFile(path: string): Promise<SniffedType | undefined> {
  return accepted(await fileTypeFromFile(path));
}
