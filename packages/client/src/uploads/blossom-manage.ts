import { blossomAuthorization, type SignEvent } from './blossom-auth.ts';
import { ServerRefusal, type BlobDescriptor } from './blossom-upload.ts';
import { sendWithFetch, type HttpSend } from './put-transport.ts';

export interface ManageOptions {
  sign: SignEvent;
  send?: HttpSend;
  signal?: AbortSignal;
}

const baseOf = (server: string) => server.replace(/\/+$/, '');

/**
 * One page of a user's uploads on a Blossom server (BUD-12 `GET /list/<pubkey>`), newest first,
 * with the user's `list` authorization (this server lists only to the owner). The next page
 * starts after `cursor` (the last sha256 of the previous page).
 */
export async function listBlobs(
  server: string,
  pubkey: string,
  opts: ManageOptions & { cursor?: string; limit?: number },
): Promise<BlobDescriptor[]> {
  const base = baseOf(server);
  const query = new URLSearchParams();
  if (opts.cursor) query.set('cursor', opts.cursor);
  if (opts.limit) query.set('limit', String(opts.limit));
  const qs = query.size > 0 ? `?${query}` : '';
  const authorization = await blossomAuthorization(opts.sign, {
    verb: 'list',
    server: new URL(base).hostname,
    content: 'List uploads',
  });
  const a = await (opts.send ?? sendWithFetch)(`${base}/list/${pubkey}${qs}`, {
    method: 'GET',
    headers: { authorization },
    signal: opts.signal,
  });
  if (a.status !== 200)
    throw new ServerRefusal(a.status, a.header('x-reason') || `HTTP ${a.status}`, false);
  const list: unknown = JSON.parse(a.text);
  if (!Array.isArray(list))
    throw new ServerRefusal(a.status, 'the server did not answer a list', false);
  return list as BlobDescriptor[];
}

/** Deletes one of the user's uploads (BUD-12 `DELETE /<sha256>`, `delete` authorization naming it). */
export async function deleteBlob(
  server: string,
  sha256: string,
  opts: ManageOptions,
): Promise<void> {
  const base = baseOf(server);
  const authorization = await blossomAuthorization(opts.sign, {
    verb: 'delete',
    hashes: [sha256],
    server: new URL(base).hostname,
    content: 'Delete upload',
  });
  const a = await (opts.send ?? sendWithFetch)(`${base}/${sha256}`, {
    method: 'DELETE',
    headers: { authorization },
    signal: opts.signal,
  });
  if (a.status !== 200 && a.status !== 204)
    throw new ServerRefusal(a.status, a.header('x-reason') || `HTTP ${a.status}`, false);
}
