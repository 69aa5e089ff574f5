/**
 * The zaps line of a note card (top zaps, a zap on its way). Apart from the rest of `zaps`
 * (modal, payers, invoices, Settings > Zaps), because every feed renders it on the first load.
 */
export const noteZaps = {
  pending: 'Zapping {{amount}} sats…',
  pendingPaid: '{{amount}} sats sent, waiting for the receipt…',
  topZap: 'Top zap: {{amount}} sats from {{name}}',
};
