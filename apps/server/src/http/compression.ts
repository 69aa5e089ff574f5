import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * Compresses HTTP answers (JSON, text, JSONL downloads) of 1 KB or more by Accept-Encoding:
 * brotli at quality 4 (close to gzip's speed, smaller output; quality 11 is for the build's
 * precompressed assets), else gzip. Media is left alone (images and video are compressed
 * already; mime-db marks them so), and so is anything that already has a Content-Encoding,
 * such as the web app's precompressed files. Websockets never pass through it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
