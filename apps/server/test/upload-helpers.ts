import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { finalizeEvent, type NostrEvent } from '@swell/nostr';
import type { User } from './cache-helpers.ts';

/** A real 4 s 320x180 MP4 (fixtures/SOURCES.md). */
export const CLIP = readFileSync(new URL('./fixtures/clip-320x180-4s.mp4', import.meta.url));

/** The start of a Linux executable: what a renamed program looks like. */
export const ELF = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(8),
  Buffer.from([0x02, 0x00, 0x3e, 0x00, 0x01, 0x00, 0x00, 0x00]),
  Buffer.alloc(4000, 0x90),
]);

export const sha256Hex = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A PNG of the given size (a different colour gives different bytes). */
export function png(width: number, height: number, colour = '#3366ff'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export interface AuthOptions {
  /** `x` tags (blob hashes). */
  x?: string[];
  /** Seconds from now until expiry (negative: expired). Default 300. */
  expiresIn?: number;
  /** Leave the expiration tag out. */
  noExpiration?: boolean;
  createdAt?: number;
  server?: string[];
}

/** A kind 24242 Blossom authorization event of `user` for `verb`. */
export function blossomAuthEvent(user: User, verb: string, opts: AuthOptions = {}): NostrEvent {
  const now = Math.floor(Date.now() / 1000);
  const tags: string[][] = [['t', verb]];
  if (!opts.noExpiration) tags.push(['expiration', String(now + (opts.expiresIn ?? 300))]);
  for (const x of opts.x ?? []) tags.push(['x', x]);
  for (const s of opts.server ?? []) tags.push(['server', s]);
  return finalizeEvent(
    { kind: 24242, content: `${verb} blob`, tags, created_at: opts.createdAt ?? now },
    user.sk,
  );
}

/** The `Authorization` header value (base64url without padding, BUD-11). */
export function blossomAuth(user: User, verb: string, opts: AuthOptions = {}): string {
  return `Nostr ${Buffer.from(JSON.stringify(blossomAuthEvent(user, verb, opts))).toString('base64url')}`;
}
