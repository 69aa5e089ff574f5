import { defineProject } from 'vitest/config';

// These tests run real servers (sockets, PostgreSQL clusters) while the other workspaces' suites
// share the machine: the 5 s default is too tight under that load. (The root config's time-outs
// do not reach projects.)
export default defineProject({
  test: {
    name: '@swell/server',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
