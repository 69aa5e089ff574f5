import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    proxy: {
      '/v1': { target: 'ws://127.0.0.1:8080', ws: true },
      '/relay': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
