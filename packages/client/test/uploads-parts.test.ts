import { describe, expect, it } from 'vitest';
import { finalizeEvent, generateSecretKey, verifyEvent, type NostrEvent } from '@swell/nostr';
import {
  blossomAuthorization,
  imetaTag,
  limitText,
  normalizeServerUrl,
  ProgressMeter,
  sha256OfBlob,
  uploadServers,
} from '../src/uploads/index.ts';
import { ManualClock } from './manual-clock.ts';

describe('upload parts', () => {
  it('uploadServers: the user’s kind 10063 list in order (deduplicated, http(s) only), else ours', () => {
    const list = {
      kind: 10063,
      tags: [
        ['server', 'https://blossom.example/'],
        ['server', 'ftp://nope.example'],
        ['r', 'https://ignored.example'],
        ['server', 'https://blossom.example'],
        ['server', 'https://cdn.other.example/base/'],
        ['server', 'not a url'],
      ],
    };
    expect(uploadServers(list, 'http://127.0.0.1:8080')).toEqual([
      'https://blossom.example',
      'https://cdn.other.example/base',
    ]);
    expect(uploadServers(undefined, 'http://127.0.0.1:8080/')).toEqual(['http://127.0.0.1:8080']);
    expect(uploadServers({ kind: 10063, tags: [] }, 'https://swell.example')).toEqual([
      'https://swell.example',
    ]);
    expect(
      uploadServers({ kind: 3, tags: [['server', 'https://x.example']] }, 'https://s.example'),
    ).toEqual(['https://s.example']);
    expect(normalizeServerUrl('javascript:alert(1)')).toBeUndefined();
  });

  it('blossomAuthorization: a signed 24242 event, base64url without padding (BUD-11)', async () => {
    const sk = generateSecretKey();
    const header = await blossomAuthorization(async (t) => finalizeEvent(t, sk), {
      verb: 'upload',
      hashes: ['ab'.repeat(32)],
      server: 'cdn.example',
      now: 1_700_000_000,
    });
    const encoded = header.replace(/^Nostr /, '');
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    const event = JSON.parse(Buffer.from(encoded, 'base64url').toString()) as NostrEvent;
    expect(verifyEvent(event)).toBe(true);
    expect(event.kind).toBe(24242);
    expect(event.tags).toEqual([
      ['t', 'upload'],
      ['expiration', '1700000600'],
      ['x', 'ab'.repeat(32)],
      ['server', 'cdn.example'],
    ]);
  });

  it('ProgressMeter: rate over a sliding window, time left', () => {
    const clock = new ManualClock();
    const m = new ProgressMeter({ clock, windowMs: 4000 });
    m.record(0);
    expect(m.rate()).toBe(0);
    expect(m.secondsLeft(1000)).toBeNull();
    clock.advance(1000);
    m.record(100);
    expect(m.rate()).toBe(100);
    expect(m.secondsLeft(1000)).toBe(9);
    // Faster later: the window forgets the slow start.
    for (let i = 1; i <= 5; i++) {
      clock.advance(1000);
      m.record(100 + i * 400);
    }
    expect(m.rate()).toBe(400);
    expect(m.secondsLeft(4100)).toBe(5);
  });

  it('imetaTag and limits as users read them', () => {
    expect(
      imetaTag({
        url: 'https://s.example/a.mp4',
        mime: 'video/mp4',
        sha256: 'cd'.repeat(32),
        size: 10,
        width: 320,
        height: 180,
        duration: 4.02,
        thumb: 'https://s.example/media/x/poster.jpg',
      }),
    ).toEqual([
      'imeta',
      'url https://s.example/a.mp4',
      'm video/mp4',
      `x ${'cd'.repeat(32)}`,
      'size 10',
      'dim 320x180',
      'duration 4.02',
      'thumb https://s.example/media/x/poster.jpg',
    ]);
    expect(limitText(100 * 1024 * 1024)).toBe('100MB');
    expect(limitText(1024 * 1024 * 1024)).toBe('1GB');
  });

  it('sha256OfBlob reads in slices and matches a one-shot hash', async () => {
    const bytes = new Uint8Array(9 * 1024 * 1024 + 7).map((_, i) => i * 31);
    const seen: number[] = [];
    const hex = await sha256OfBlob(new Blob([bytes]), { onProgress: (n) => seen.push(n) });
    const expected = Buffer.from(await crypto.subtle.digest('SHA-256', bytes)).toString('hex');
    expect(hex).toBe(expected);
    expect(seen).toEqual([4 * 1024 * 1024, 8 * 1024 * 1024, bytes.length]);
  });

  it('is a separate entry: the main entry does not carry it', async () => {
    const main = await import('../src/index.ts');
    expect(Object.keys(main)).not.toContain('uploadFile');
    const lazy = await import('@swell/client/uploads');
    expect(typeof lazy.uploadFile).toBe('function');
    expect(typeof lazy.UploadTask).toBe('function');
  });
});
