/** English strings: settings saved to the server (spec section 8 messages) and their state. */
export const settingsSync = {
  loadFailed: 'Failed to load settings. Will be using local settings.',
  saveFailed: 'Failed to save settings',
  status: {
    saving: 'Saving…',
    synced: 'Saved to your account',
    loading: 'Loading your settings…',
    local: 'Kept on this device',
  },
};
