import { defineConfig } from 'vitest/config';

// One Vitest run over every workspace; each folder is a project named after it.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'bench', 'scripts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
