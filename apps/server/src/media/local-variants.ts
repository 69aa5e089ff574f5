import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import type { MediaStore, StoredMedia } from './media-store.ts';
import { hashOfUrl } from './media-urls.ts';

/** A resized picture (as /media-cache's `makeVariant` makes them). */
export interface Variant {
  type: string;
  body: Buffer;
}

export type MakeVariant = (input: string, size: string, animated: boolean) => Promise<Variant>;

/**
 * The upload a /media-cache URL points at when it names a file stored here on one of this
 * server's own hosts: its variants are made from the file on disk, never fetched over HTTP.
 */
export async function ownUpload(
  media: MediaStore,
  url: string | undefined,
  hosts: readonly string[],
): Promise<StoredMedia | undefined> {
  const named = url ? hashOfUrl(url) : undefined;
  if (!named || !hosts.includes(named.host)) return undefined;
  return media.get(named.sha256);
}

const inflight = new Map<string, Promise<Variant>>();

/**
 * Answers /media-cache for an own upload: a picture's variant, made once and kept with the file
 * (removed with it); anything else is redirected to the file itself.
 */
export async function sendOwnVariant(
  reply: FastifyReply,
  media: MediaStore,
  stored: StoredMedia,
  size: string,
  animated: boolean,
  url: string,
  makeVariant: MakeVariant,
): Promise<FastifyReply> {
  if (!stored.mime.startsWith('image/')) return reply.redirect(url, 302);
  const dir = media.variantsDir(stored.sha256);
  const file = join(dir, `${size}${animated ? 1 : 0}`);
  const cached = await Promise.all([readFile(`${file}.type`, 'utf8'), readFile(file)]).catch(
    () => undefined,
  );
  let v: Variant | undefined = cached ? { type: cached[0], body: cached[1] } : undefined;
  if (!v) {
    let job = inflight.get(file);
    if (!job) {
      job = (async () => {
        const made = await makeVariant(media.blobPath(stored.sha256), size, animated);
        await mkdir(dir, { recursive: true });
        await writeFile(`${file}.tmp`, made.body);
        await writeFile(`${file}.type`, made.type);
        await rename(`${file}.tmp`, file);
        return made;
      })();
      inflight.set(file, job);
      void job.catch(() => undefined).finally(() => inflight.delete(file));
    }
    v = await job;
  }
  return reply.header('cache-control', 'public, max-age=604800').type(v.type).send(v.body);
}
