import type { UploadSnapshot } from '@swell/client/uploads';
import { i18n } from '@/i18n/index.ts';

const MB = 1024 * 1024;

/** "100MB", "1GB": an upload limit as the spec's message writes it. */
export function limitLabel(bytes: number): string {
  const mb = bytes / MB;
  return mb >= 1024 && mb % 1024 === 0 ? `${mb / 1024}GB` : `${Math.round(mb)}MB`;
}

/** "850 KB", "3.4 MB", "1.2 GB": a size as people read it. */
export function formatBytes(bytes: number, locale = i18n.language): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  const digits = i === 0 || v >= 100 ? 0 : 1;
  const n = new Intl.NumberFormat(locale, {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(v);
  return `${n} ${units[i]}`;
}

/** "5 seconds left", "2 minutes left", "1 h 5 min left"; null when not known or about done. */
export function timeLeftLabel(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0.5) return null;
  const s = Math.ceil(seconds);
  if (s < 60) return i18n.t('uploads.secondsLeft', { count: s });
  const m = Math.ceil(s / 60);
  if (m < 60) return i18n.t('uploads.minutesLeft', { count: m });
  return i18n.t('uploads.hoursLeft', { hours: Math.floor(m / 60), minutes: m % 60 });
}

interface ErrorLike {
  code?: string;
  limitBytes?: number;
  fileName?: string;
}

/**
 * The user's message for a refused or failed upload, from the spec's catalogue: "File too big.
 * Upload limit is 100MB.", "Only images and videos can be uploaded.", "Failed to upload file
 * <name>".
 */
export function uploadErrorText(err: unknown, fileName: string): string {
  const e = (typeof err === 'object' && err !== null ? err : {}) as ErrorLike;
  switch (e.code) {
    case 'file-too-big':
      return i18n.t('uploads.tooBig', { limit: limitLabel(e.limitBytes ?? 100 * MB) });
    case 'unsupported-type':
      return i18n.t('uploads.unsupported');
    case 'cancelled':
      return i18n.t('uploads.cancelledFile', { name: e.fileName ?? fileName });
    default:
      return i18n.t('uploads.failed', { name: e.fileName ?? fileName });
  }
}

/** The line under a file's name: bytes sent of the total and time left, or what happened. */
export function uploadStatusLine(s: UploadSnapshot): string {
  const t = i18n.t;
  const total = formatBytes(s.totalBytes);
  switch (s.status) {
    case 'idle':
    case 'checking':
      return t('uploads.preparing');
    case 'hashing':
      return t('uploads.hashing', { done: formatBytes(s.bytes), total });
    case 'uploading': {
      const sent = t('uploads.sending', { done: formatBytes(s.bytes), total });
      const left = timeLeftLabel(s.secondsLeft);
      return left ? `${sent} · ${left}` : sent;
    }
    case 'processing':
      return t('uploads.processing');
    case 'done':
      return t('uploads.uploaded', { size: total });
    case 'cancelled':
      return t('uploads.cancelled');
    case 'failed':
      return uploadErrorText(s.error, s.fileName);
  }
}

/** The bar's share (percent): hashing fills the first tenth, sending the rest. */
export function uploadPercent(s: UploadSnapshot): number {
  if (s.status === 'done') return 100;
  if (s.totalBytes <= 0) return 0;
  const f = Math.min(1, s.bytes / s.totalBytes);
  if (s.status === 'hashing') return Math.round(f * 10);
  if (s.status === 'uploading') return Math.round(10 + f * 88);
  if (s.status === 'processing') return 99;
  return 0;
}
