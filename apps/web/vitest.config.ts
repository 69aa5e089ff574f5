import { defineProject } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineProject({
  resolve: {
    // The browser build's aliases (vite.config.ts): components render with Preact, as they ship.
    alias: [
      { find: '@', replacement: here('./src') },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: here('./test/preact-react.ts') },
    ],
  },
  test: {
    name: '@swell/web',
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Every screen's strings, which the app loads with each screen.
    setupFiles: ['test/all-strings.ts'],
    // Libraries that import `react` go through the aliases above too (Node would load React).
    server: { deps: { inline: [/react-router/, /@tanstack/, /@radix-ui/, /lucide-react/] } },
  },
});
