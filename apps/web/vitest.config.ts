import { defineProject } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineProject({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: '@swell/web',
    include: ['test/**/*.test.ts'],
    // Every screen's strings, which the app loads with each screen.
    setupFiles: ['test/all-strings.ts'],
  },
});
