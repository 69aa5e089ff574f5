/** English strings: shared controls (dialogs, menus, toasts, states). */
export const ui = {
  close: 'Close',
  cancel: 'Cancel',
  toastLabel: 'Notification',
  toastRegion: 'Alerts ({hotkey})',
  moreActions: 'More actions',
  copied: 'Copied to clipboard',
  copyFailed: 'Could not copy to the clipboard',
  loading: 'Loading',
  offline: 'You are offline',
  qrNotFound: 'No QR code found in that picture.',
} as const;
