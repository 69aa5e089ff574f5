import { describe, expect, it } from 'vitest';
import type { UploadSnapshot } from '@swell/client/uploads';
import { UploadError } from '@swell/client/uploads';
import { withMediaUrls } from '@/features/write/composer/composer-text.ts';
import { attachmentsState } from '@/features/uploads/attachments.ts';
import { ownUploadServer } from '@/features/uploads/upload-setup.ts';
import {
  formatBytes,
  limitLabel,
  timeLeftLabel,
  uploadErrorText,
  uploadPercent,
  uploadStatusLine,
} from '@/features/uploads/upload-text.ts';

const MB = 1024 * 1024;
const snap = (patch: Partial<UploadSnapshot>): UploadSnapshot => ({
  fileName: 'beach.jpg',
  status: 'uploading',
  bytes: 0,
  totalBytes: 4 * MB,
  rate: 0,
  secondsLeft: null,
  ...patch,
});

describe('composer uploads', () => {
  it('puts the URLs of the uploaded files after the text, each once, keeping ones already placed', () => {
    const a = 'https://s.example/a.png';
    const b = 'https://s.example/b.webm';
    expect(withMediaUrls('Look at this  \n', [a, b])).toBe(`Look at this\n${a}\n${b}`);
    expect(withMediaUrls(`First ${a} then`, [a, b, b])).toBe(`First ${a} then\n${b}`);
    expect(withMediaUrls('', [a])).toBe(a);
    expect(withMediaUrls('only text', [])).toBe('only text');
  });

  it('lets a note out only when every upload it refers to is done', () => {
    expect(attachmentsState([])).toBe('ready');
    expect(attachmentsState([snap({ status: 'done' })])).toBe('ready');
    expect(attachmentsState([snap({ status: 'done' }), snap({ status: 'hashing' })])).toBe(
      'uploading',
    );
    expect(attachmentsState([snap({ status: 'idle' })])).toBe('uploading');
    expect(attachmentsState([snap({ status: 'uploading' }), snap({ status: 'failed' })])).toBe(
      'failed',
    );
    expect(attachmentsState([snap({ status: 'cancelled' })])).toBe('failed');
  });

  it('says bytes sent of the total and the time left, and what happened', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(3.4 * MB, 'en')).toBe('3.4 MB');
    expect(formatBytes(150 * MB, 'en')).toBe('150 MB');
    expect(formatBytes(1024 * MB, 'en')).toBe('1.0 GB');
    expect(timeLeftLabel(null)).toBeNull();
    expect(timeLeftLabel(0.2)).toBeNull();
    expect(timeLeftLabel(1)).toBe('1 second left');
    expect(timeLeftLabel(42.1)).toBe('43 seconds left');
    expect(timeLeftLabel(61)).toBe('2 minutes left');
    expect(timeLeftLabel(3900)).toBe('1 h 5 min left');
    expect(uploadStatusLine(snap({ bytes: MB, secondsLeft: 6 }))).toBe(
      '1.0 MB of 4.0 MB · 6 seconds left',
    );
    expect(uploadStatusLine(snap({ bytes: MB }))).toBe('1.0 MB of 4.0 MB');
    expect(uploadStatusLine(snap({ status: 'done' }))).toBe('Uploaded · 4.0 MB');
    expect(uploadStatusLine(snap({ status: 'cancelled' }))).toBe('Cancelled');
    expect(
      uploadStatusLine(
        snap({ status: 'failed', error: { code: 'upload-failed', message: 'x', reason: '500' } }),
      ),
    ).toBe('Failed to upload file beach.jpg');
  });

  it('fills the bar: hashing the first tenth, sending up to 98 %, done 100 %', () => {
    expect(uploadPercent(snap({ status: 'hashing', bytes: 2 * MB }))).toBe(5);
    expect(uploadPercent(snap({ status: 'uploading', bytes: 0 }))).toBe(10);
    expect(uploadPercent(snap({ status: 'uploading', bytes: 4 * MB }))).toBe(98);
    expect(uploadPercent(snap({ status: 'processing' }))).toBe(99);
    expect(uploadPercent(snap({ status: 'done' }))).toBe(100);
    expect(uploadPercent(snap({ status: 'uploading', totalBytes: 0 }))).toBe(0);
  });

  it("uses the spec's messages for refused and failed uploads", () => {
    expect(limitLabel(100 * MB)).toBe('100MB');
    expect(limitLabel(1024 * MB)).toBe('1GB');
    const big = new UploadError('file-too-big', 'huge.mp4', { limitBytes: 100 * MB });
    expect(uploadErrorText(big, 'huge.mp4')).toBe('File too big. Upload limit is 100MB.');
    const premium = new UploadError('file-too-big', 'huge.mp4', { limitBytes: 1024 * MB });
    expect(uploadErrorText(premium, 'huge.mp4')).toBe('File too big. Upload limit is 1GB.');
    expect(uploadErrorText(new UploadError('unsupported-type', 'a.exe'), 'a.exe')).toBe(
      'Only images and videos can be uploaded.',
    );
    expect(uploadErrorText(new UploadError('upload-failed', 'beach.jpg'), 'beach.jpg')).toBe(
      'Failed to upload file beach.jpg',
    );
    expect(uploadErrorText(new Error('socket closed'), 'cat.png')).toBe(
      'Failed to upload file cat.png',
    );
  });

  it('uploads to the server behind the cache socket by default', () => {
    expect(ownUploadServer('wss://swell.example/v1')).toBe('https://swell.example');
    expect(ownUploadServer('ws://127.0.0.1:8080/v1')).toBe('http://127.0.0.1:8080');
  });
});
