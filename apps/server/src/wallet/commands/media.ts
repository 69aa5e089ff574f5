import { feedRangeEvent, MembershipResultKind, rawResultEvent } from '@swell/cache-protocol';
import { CacheError } from '../../cache/request.ts';
import { paging } from '../../cache/params.ts';
import { NO_UPLOADS, UPLOADS_NOT_ENABLED } from '../../membership/media-library.ts';
import { contentObject, MEMBER_REQUEST } from '../wallet-request.ts';
import { proven } from '../../cache/proven-command.ts';

/** `membership_media_management_stats {event_from_user}` -> 10000163 `{image, video, other}` bytes. */
export const membershipMediaStats = proven(MEMBER_REQUEST, async (req, e) => {
  await req.ctx.membership.requireMember(e.pubkey);
  const stats = await req.ctx.membership.mediaLibrary.stats(e.pubkey);
  req.emit(rawResultEvent(MembershipResultKind.MediaStats, stats));
});

/**
 * `membership_media_management_uploads {event_from_user, limit?, until?, offset?}` -> 10000164
 * `[{url, size, mimetype, created_at}]` newest first, and a feed range whose elements are the
 * URLs.
 */
export const membershipMediaUploads = proven(MEMBER_REQUEST, async (req, e) => {
  await req.ctx.membership.requireMember(e.pubkey);
  const p = paging(req.payload, req.now, 20);
  const { items } = await req.ctx.membership.mediaLibrary.list(
    e.pubkey,
    {
      limit: Math.min(p.limit, 100),
      until: p.until,
      offset: p.offset,
    },
    req.baseUrl,
  );
  req.emit(rawResultEvent(MembershipResultKind.MediaList, items));
  const times = items.map((i) => i.created_at);
  req.emit(
    feedRangeEvent({
      since: times.length ? Math.min(...times) : 0,
      until: times.length ? Math.max(...times) : 0,
      order_by: 'created_at',
      elements: items.map((i) => i.url),
    }),
  );
});

/** `membership_media_management_delete {event_from_user}` (content `{url}`) -> EOSE when deleted. */
export const membershipMediaDelete = proven(MEMBER_REQUEST, async (req, e) => {
  await req.ctx.membership.requireMember(e.pubkey);
  const url = contentObject(e).url;
  if (typeof url !== 'string' || url.length === 0 || url.length > 2000)
    throw new CacheError('invalid event_from_user: content needs the url');
  const library = req.ctx.membership.mediaLibrary;
  if (library === NO_UPLOADS) throw new CacheError(UPLOADS_NOT_ENABLED);
  if (!(await library.remove(e.pubkey, url))) throw new CacheError('no such upload of yours');
});
