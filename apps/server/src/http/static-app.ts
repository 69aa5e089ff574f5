import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built web app at `/`; history-mode routes fall back to index.html. Paths that
 * belong to the API are never answered with the app.
 */
export async function registerWebApp(
  app: FastifyInstance,
  dist: string | undefined,
): Promise<void> {
  if (!dist || !existsSync(join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web app not built; run `npm run build`');
    app.get('/', async (_req, reply) =>
      reply.type('text/plain').send('Swell server is running; the web app is not built.'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    maxAge: 0,
    setHeaders(res, path) {
      // Hashed assets never change; index.html must always be revalidated.
      if (path.includes(`${join(dist, 'assets')}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.header('Cache-Control', 'no-cache');
      }
    },
  });
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const apiLike =
      /^\/(v1|relay|wallet|media|media-cache|link-preview|health|\.well-known)(\/|$)/.test(url);
    if (req.method !== 'GET' || apiLike || /\.[a-z0-9]+$/i.test(url)) {
      return reply.code(404).send({ error: 'not found' });
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
