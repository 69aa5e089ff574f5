import { MB } from '@swell/cache-protocol';

/**
 * Why an upload did not happen. `message` is the English text of the spec's catalogue (the app
 * translates by `code`):
 * - `file-too-big`: 'File too big. Upload limit is 100MB.' (1GB for premium);
 * - `unsupported-type`: 'Only images and videos can be uploaded.';
 * - `upload-failed`: 'Failed to upload file <name>' (every server refused or failed; `reason`
 *   holds the last server's explanation);
 * - `cancelled`: the user cancelled.
 */
export type UploadErrorCode = 'file-too-big' | 'unsupported-type' | 'upload-failed' | 'cancelled';

export class UploadError extends Error {
  readonly code: UploadErrorCode;
  readonly fileName: string;
  /** The per-file limit that was exceeded (file-too-big). */
  readonly limitBytes?: number;
  /** The last server's explanation (X-Reason, NOTICE text, network error). */
  readonly reason?: string;

  constructor(
    code: UploadErrorCode,
    fileName: string,
    extra: { limitBytes?: number; reason?: string; cause?: unknown } = {},
  ) {
    super(uploadErrorMessage(code, fileName, extra.limitBytes), { cause: extra.cause });
    this.name = 'UploadError';
    this.code = code;
    this.fileName = fileName;
    this.limitBytes = extra.limitBytes;
    this.reason = extra.reason;
  }
}

export function isUploadError(e: unknown, code?: UploadErrorCode): e is UploadError {
  return e instanceof UploadError && (code === undefined || e.code === code);
}

/** "100MB", "1GB": a limit as the reference client writes it. */
export function limitText(bytes: number): string {
  const mb = bytes / MB;
  return mb >= 1024 && mb % 1024 === 0 ? `${mb / 1024}GB` : `${Math.round(mb)}MB`;
}

export function uploadErrorMessage(
  code: UploadErrorCode,
  fileName: string,
  limitBytes?: number,
): string {
  switch (code) {
    case 'file-too-big':
      return `File too big. Upload limit is ${limitText(limitBytes ?? 100 * MB)}.`;
    case 'unsupported-type':
      return 'Only images and videos can be uploaded.';
    case 'cancelled':
      return `Upload of ${fileName} cancelled`;
    default:
      return `Failed to upload file ${fileName}`;
  }
}
