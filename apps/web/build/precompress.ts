import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth compressing; images, fonts (woff2) and wasm are compressed or tiny. */
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|wasm)$/;

/** Files smaller than this gain nothing from compression (headers cost more). */
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === '.vite') continue; // the build manifest: read by scripts, never served
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every text asset of
 * the build, once, so the server sends compressed bytes without compressing per request
 * (@fastify/static's `preCompressed` picks one by Accept-Encoding). Source maps are left alone:
 * only developers load them.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'swell-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of files(outDir)) {
        if (!compressible.test(path)) continue;
        const body = readFileSync(path);
        if (body.length < MIN_BYTES) continue;
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
      }
    },
  };
}
