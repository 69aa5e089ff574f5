import type { SocketRoutes } from '../cache/socket.ts';
import { membershipExchangeRate, wallet } from './commands/exchange-rate.ts';
import { membershipPurchaseHistory } from './commands/history.ts';
import { membershipLegendCustomization } from './commands/legend.ts';
import { membershipChangeName, membershipNameAvailable } from './commands/names.ts';
import { membershipPurchaseMonitor, membershipPurchaseProduct } from './commands/purchase.ts';
import { membershipStatus } from './commands/status.ts';
import { premiumCommands, premiumStreams } from './premium-routes.ts';
import { asCommand, asStream } from './wallet-request.ts';

/**
 * The membership and wallet socket (`/wallet/v1`, cache-protocol.md section 8): the cache
 * socket's machinery (handleCacheSocket) with these commands. The premium tools' commands are
 * also on `/v1` (premium-routes.ts).
 */
export const walletRoutes: SocketRoutes = {
  commands: {
    membership_status: asCommand(membershipStatus),
    membership_name_available: asCommand(membershipNameAvailable),
    membership_purchase_product: asCommand(membershipPurchaseProduct),
    membership_change_name: asCommand(membershipChangeName),
    membership_legend_customization: asCommand(membershipLegendCustomization),
    membership_purchase_history: asCommand(membershipPurchaseHistory),
    membership_exchange_rate: asCommand(membershipExchangeRate),
    wallet: asCommand(wallet),
    ...premiumCommands,
  },
  streams: {
    membership_purchase_monitor: asStream(membershipPurchaseMonitor),
    ...premiumStreams,
  },
};
