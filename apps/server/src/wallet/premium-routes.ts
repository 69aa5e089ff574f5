import type { CommandHandler, StreamHandler } from '../cache/request.ts';
import { membershipContentBackup, membershipContentStats } from './commands/backup.ts';
import { membershipRecoveryContactLists } from './commands/contacts.ts';
import {
  membershipMediaDelete,
  membershipMediaStats,
  membershipMediaUploads,
} from './commands/media.ts';
import {
  membershipContentRebroadcastCancel,
  membershipContentRebroadcastStart,
  rebroadcastingStatus,
} from './commands/rebroadcast.ts';
import { asCommand, asStream } from './wallet-request.ts';

/**
 * The premium commands the stock reference client sends on the cache socket (PREMIUM_CACHE_COMMANDS
 * of @swell/cache-protocol): one implementation, registered on `/v1` and on `/wallet/v1`, so both
 * answer the same.
 */
export const premiumCommands: Record<string, CommandHandler> = {
  membership_media_management_stats: asCommand(membershipMediaStats),
  membership_media_management_uploads: asCommand(membershipMediaUploads),
  membership_media_management_delete: asCommand(membershipMediaDelete),
  membership_recovery_contact_lists: asCommand(membershipRecoveryContactLists),
  membership_content_stats: asCommand(membershipContentStats),
  membership_content_rebroadcast_start: asCommand(membershipContentRebroadcastStart),
  membership_content_rebroadcast_cancel: asCommand(membershipContentRebroadcastCancel),
};

export const premiumStreams: Record<string, StreamHandler> = {
  membership_content_backup: asStream(membershipContentBackup),
  rebroadcasting_status: asStream(rebroadcastingStatus),
};
