import { defineProject } from 'vitest/config';

// Many of these tests run the real server (and its devnet) while the other workspaces' suites
// share the machine: the 5 s default is too tight under that load.
export default defineProject({
  test: {
    name: '@swell/client',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
