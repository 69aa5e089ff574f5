import type { MediaListItem, MemberMediaStats } from '@swell/cache-protocol';

/** One page of a member's uploads, newest first. */
export interface MediaPage {
  items: MediaListItem[];
}

/**
 * A member's uploaded files, as the media management page shows them (spec section 2: Premium >
 * media management). The uploads code provides it (`MembershipService.useMediaLibrary`): that
 * code owns the files, so deleting goes through it (the file, its variants, its rows).
 *
 * Where no uploads code is plugged in, `NO_UPLOADS` stands in: every member then has zero bytes
 * and an empty list, and a delete is refused with `UPLOADS_NOT_ENABLED`. The server plugs in
 * media/member-media-library.ts.
 */
export interface MemberMediaLibrary {
  /** Bytes by type: image/*, video/*, anything else. */
  stats(pubkey: string): Promise<MemberMediaStats>;
  /** Uploads of `pubkey`, newest first: `created_at <= until`, skipping `offset` at `until`. */
  list(
    pubkey: string,
    page: { limit: number; until: number; offset: number },
    baseUrl: string,
  ): Promise<MediaPage>;
  /** Removes the member's upload at `url` (a URL this server serves); false if it is not theirs. */
  remove(pubkey: string, url: string): Promise<boolean>;
}

export const UPLOADS_NOT_ENABLED = 'uploads are not enabled on this server';

export const NO_UPLOADS: MemberMediaLibrary = {
  async stats() {
    return { image: 0, video: 0, other: 0 };
  },
  async list() {
    return { items: [] };
  },
  async remove() {
    return false;
  },
};
