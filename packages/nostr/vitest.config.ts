import { defineProject } from 'vitest/config';

// Verifying 6,543 real events on the pure-JS path takes a while when all projects run at once.
export default defineProject({
  test: {
    name: '@swell/nostr',
    testTimeout: 120_000,
  },
});
