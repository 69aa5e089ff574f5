import { strFromU8, unzlibSync } from 'fflate';

/** Inflates a zlib binary frame to its text (throws on bad data). */
export function inflateToText(bytes: Uint8Array): string {
  return strFromU8(unzlibSync(bytes));
}
