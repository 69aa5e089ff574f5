import { MembershipResultKind, rawResultEvent } from '@swell/cache-protocol';
import { kinds } from '../../cache/params.ts';
import { backupEvents, contentStats } from '../../membership/content-backup.ts';
import { MEMBER_REQUEST } from '../wallet-request.ts';
import { proven, provenStream } from '../../cache/proven-command.ts';

/** `membership_content_stats {event_from_user}` -> 10000166 `[{kind, cnt}]`. Members only. */
export const membershipContentStats = proven(MEMBER_REQUEST, async (req, e) => {
  await req.ctx.membership.requireMember(e.pubkey);
  req.emit(
    rawResultEvent(MembershipResultKind.ContentStats, await contentStats(req.store, e.pubkey)),
  );
});

/**
 * `membership_content_backup {event_from_user, kinds?}`: every stored event of the member (of
 * those kinds), as the signed events they are, page by page, then EOSE. A stream (no time
 * budget cuts it short); the client CLOSEs it after the EOSE. Large backups are better
 * downloaded over HTTP (http/content-backup.ts). Members only.
 */
export const membershipContentBackup = provenStream(MEMBER_REQUEST, async (req, e, push) => {
  await req.ctx.membership.requireMember(e.pubkey);
  const wanted = kinds(req.payload, 'kinds');
  for await (const page of backupEvents(req.store, e.pubkey, wanted, req.signal)) push(page);
  return () => {};
});
