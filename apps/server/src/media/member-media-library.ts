import type { MemberMediaStats } from '@swell/cache-protocol';
import type { MemberMediaLibrary } from '../membership/media-library.ts';
import type { MediaStore } from './media-store.ts';
import { hashOfUrl, mediaFileUrl } from './media-urls.ts';

/**
 * The membership's view of a member's uploads (Premium > media management) over the files this
 * server holds: bytes by type, pages newest first, and removal through the media store (the
 * file goes with its last uploader).
 */
export function memberMediaLibrary(media: MediaStore): MemberMediaLibrary {
  return {
    async stats(pubkey) {
      const out: MemberMediaStats = { image: 0, video: 0, other: 0 };
      for (const row of await media.bytesByMime(pubkey)) {
        const type = row.mime.startsWith('image/')
          ? 'image'
          : row.mime.startsWith('video/')
            ? 'video'
            : 'other';
        out[type] += row.bytes;
      }
      return out;
    },

    async list(pubkey, page, baseUrl) {
      // `offset` skips uploads made in the same second as `until` that the last page showed.
      const rows = await media.list(pubkey, {
        limit: page.limit + page.offset,
        until: page.until,
      });
      let skip = page.offset;
      const items = [];
      for (const r of rows) {
        if (skip > 0 && r.uploaded_at === page.until) {
          skip--;
          continue;
        }
        if (items.length === page.limit) break;
        items.push({
          url: mediaFileUrl(baseUrl, r.sha256, r.ext),
          size: r.size,
          mimetype: r.mime,
          created_at: r.uploaded_at,
        });
      }
      return { items };
    },

    async remove(pubkey, url) {
      const named = hashOfUrl(url);
      return named ? media.remove(pubkey, named.sha256) : false;
    },
  };
}
