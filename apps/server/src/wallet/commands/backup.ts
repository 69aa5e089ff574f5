import { MembershipResultKind, rawResultEvent } from '@swell/cache-protocol';
import type { CommandHandler, StreamHandler } from '../../cache/request.ts';
import { kinds } from '../../cache/params.ts';
import { backupEvents, contentStats } from '../../membership/content-backup.ts';
import { userRequest } from '../wallet-request.ts';

/** `membership_content_stats {event_from_user}` -> 10000166 `[{kind, cnt}]`. Members only. */
export const membershipContentStats: CommandHandler = async (req) => {
  const e = await userRequest(req);
  await req.ctx.membership.requireMember(e.pubkey);
  req.emit(
    rawResultEvent(MembershipResultKind.ContentStats, await contentStats(req.store, e.pubkey)),
  );
};

/**
 * `membership_content_backup {event_from_user, kinds?}`: every stored event of the member (of
 * those kinds), as the signed events they are, page by page, then EOSE. A stream (no time
 * budget cuts it short); the client CLOSEs it after the EOSE. Large backups are better
 * downloaded over HTTP (http/content-backup.ts). Members only.
 */
export const membershipContentBackup: StreamHandler = async (req, push) => {
  const e = await userRequest(req);
  await req.ctx.membership.requireMember(e.pubkey);
  const wanted = kinds(req.payload, 'kinds');
  for await (const page of backupEvents(req.store, e.pubkey, wanted, req.signal)) push(page);
  return () => {};
};
