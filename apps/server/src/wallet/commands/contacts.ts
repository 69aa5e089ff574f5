import { feedRangeEvent } from '@swell/cache-protocol';
import { paging } from '../../cache/params.ts';
import { contactListVersions } from '../../membership/contact-history.ts';
import { contentObject, MEMBER_REQUEST } from '../wallet-request.ts';
import { proven } from '../../cache/proven-command.ts';

/**
 * `membership_recovery_contact_lists {event_from_user, limit? (30), until?, offset?}` (paging
 * may also be in the content): the member's earlier contact lists, newest first, as the signed
 * kind 3 events they were, and a feed range whose elements are their ids. Members only.
 */
export const membershipRecoveryContactLists = proven(MEMBER_REQUEST, async (req, e) => {
  await req.ctx.membership.requireMember(e.pubkey);
  const p = paging({ ...contentObject(e), ...req.payload }, req.now, 30);
  const versions = await contactListVersions(req.store, e.pubkey, {
    limit: Math.min(p.limit, 100),
    until: p.until,
    offset: p.offset,
  });
  req.emit(...versions);
  req.emit(
    feedRangeEvent({
      since: versions.at(-1)?.created_at ?? 0,
      until: versions[0]?.created_at ?? 0,
      order_by: 'created_at',
      elements: versions.map((v) => v.id),
    }),
  );
});
