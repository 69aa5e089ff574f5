import { readLocal, writeLocal } from '@/lib/storage.ts';

/**
 * Where a user's uploads go: 'blossom' (their kind 10063 servers, ours by default) or 'cache'
 * (the caching service's chunked upload, as the reference apps do). Kept per user on this device.
 */
export type UploadRoute = 'blossom' | 'cache';

const key = (pubkey: string) => `swell.uploadRoute.${pubkey}`;

export function uploadRoute(pubkey: string): UploadRoute {
  return readLocal(key(pubkey)) === 'cache' ? 'cache' : 'blossom';
}

export function setUploadRoute(pubkey: string, route: UploadRoute): void {
  writeLocal(key(pubkey), route === 'cache' ? 'cache' : null);
}
