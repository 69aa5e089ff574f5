import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { homePreload } from './build/home-preload.ts';
import { inlineEntryCss } from './build/inline-css.ts';
import { precompress } from './build/precompress.ts';
import { serviceWorker } from './build/service-worker.ts';

// The workspace packages have no module-level side effects: unused exports and whole unused
// modules (crypto for guests, for instance) are dropped from the bundles.
const pureModules =
  /[\\/](packages[\\/](nostr|client|cache-protocol|wallet)[\\/]src|node_modules[\\/]@noble|node_modules[\\/]@scure)[\\/]/;

export default defineConfig({
  plugins: [react(), homePreload(), inlineEntryCss(), serviceWorker(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      {
        find: /^react$/,
        replacement: fileURLToPath(new URL('./build/react-shim.ts', import.meta.url)),
      },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The manifest maps each route to its chunks: scripts/check-budgets.mjs reads it.
    manifest: true,
    rollupOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !pureModules.test(id),
      },
      output: {
        // Elliptic-curve code in its own chunk, loaded only by what signs or verifies (it
        // otherwise rides along with the small hex helpers every screen uses).
        advancedChunks: {
          // The hash helpers get their own group first: otherwise they are pulled into the curve
          // chunk as its dependencies, and every screen that formats hex loads the curves.
          // Guests need only the hex helpers and SHA-256: HMAC, HKDF, PBKDF2 and the legacy
          // hashes (encryption, the wallet) stay out of their first load.
          groups: [
            { name: 'noble-utils', test: /[\\/]@noble[\\/]hashes[\\/]utils\.js$/, priority: 4 },
            {
              name: 'noble-sha256',
              test: /[\\/]@noble[\\/]hashes[\\/](utils|sha2|_md|_u64)\.js$/,
              priority: 3,
            },
            // scrypt only opens and makes NIP-49 keys (ncryptsec): it stays in their chunk, so the
            // wallet and the sign-in code that share the other hashes do not carry it.
            {
              name: 'noble-hashes',
              test: /[\\/]@noble[\\/]hashes[\\/](?!scrypt\.js$)/,
              priority: 2,
            },
            { name: 'noble-curves', test: /[\\/]@noble[\\/]curves[\\/]/, priority: 1 },
            // The client and its React bindings (src/data/) in one file with what they import,
            // rather than a dozen small ones: every screen loads all of it, and each small file
            // costs its own gzip overhead (/home's first load: 4 KB less).
            { name: 'client', test: /[\\/]src[\\/]data[\\/][^\\/]+\.ts$/, priority: 5 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/v1': { target: 'ws://127.0.0.1:8080', ws: true },
      '/relay': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
