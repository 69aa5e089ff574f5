import type { SocketRoutes } from '../cache/socket.ts';
import { membershipContentBackup, membershipContentStats } from './commands/backup.ts';
import { membershipRecoveryContactLists } from './commands/contacts.ts';
import { membershipExchangeRate, wallet } from './commands/exchange-rate.ts';
import { membershipPurchaseHistory } from './commands/history.ts';
import { membershipLegendCustomization } from './commands/legend.ts';
import {
  membershipMediaDelete,
  membershipMediaStats,
  membershipMediaUploads,
} from './commands/media.ts';
import { membershipChangeName, membershipNameAvailable } from './commands/names.ts';
import { membershipPurchaseMonitor, membershipPurchaseProduct } from './commands/purchase.ts';
import { membershipStatus } from './commands/status.ts';
import { asCommand, asStream } from './wallet-request.ts';

/**
 * The membership and wallet socket (`/wallet/v1`, cache-protocol.md section 8): the cache
 * socket's machinery (handleCacheSocket) with these commands.
 */
export const walletRoutes: SocketRoutes = {
  commands: {
    membership_status: asCommand(membershipStatus),
    membership_name_available: asCommand(membershipNameAvailable),
    membership_purchase_product: asCommand(membershipPurchaseProduct),
    membership_change_name: asCommand(membershipChangeName),
    membership_legend_customization: asCommand(membershipLegendCustomization),
    membership_media_management_stats: asCommand(membershipMediaStats),
    membership_media_management_uploads: asCommand(membershipMediaUploads),
    membership_media_management_delete: asCommand(membershipMediaDelete),
    membership_recovery_contact_lists: asCommand(membershipRecoveryContactLists),
    membership_content_stats: asCommand(membershipContentStats),
    membership_purchase_history: asCommand(membershipPurchaseHistory),
    membership_exchange_rate: asCommand(membershipExchangeRate),
    wallet: asCommand(wallet),
  },
  streams: {
    membership_purchase_monitor: asStream(membershipPurchaseMonitor),
    membership_content_backup: asStream(membershipContentBackup),
  },
};
