import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { finalizeEvent } from '@swell/nostr';
import type { User } from './cache-helpers.ts';
import { sha256Hex } from './upload-helpers.ts';

/**
 * The upload of the stock reference web client (2.0.x, `Uploader.tsx` and `lib/media.ts`), as
 * described in cache-protocol.md section 8, spoken frame for frame: five plain-text sockets (no
 * set_primal_protocol), chunk sizes by file size, each chunk a freshly signed kind 10000135 event
 * tagged `p` with the uploader, content `{file_length, upload_id, offset, data}` with `data` the
 * chunk as `FileReader.readAsDataURL` makes it (a slice has no type: application/octet-stream),
 * subscription ids `up_<index>_<attempts left>_<upload id>`, a NOTICE retried up to 5 times, then
 * `upload_complete` `{upload_id, file_length, sha256}` on `up_comp_<upload id>`.
 */

const MB = 1024 * 1024;
const SOCKETS = 5;
const ATTEMPTS = 5;

export interface ReferenceUploadResult {
  /** The 10000121 content, or undefined when the upload failed. */
  url?: string;
  /** Every NOTICE text received, in order. */
  notices: string[];
  /** Chunk requests sent, retries included. */
  chunkRequests: number;
}

export interface ReferenceUploadOptions {
  /** Replaces the hash the client announces (to test the server's check). */
  sha256?: string;
  /** Chunk indexes never sent (a lost chunk). */
  skip?: number[];
  /** Called with each chunk event's content before signing; may change it (first attempt only). */
  tamper?: (index: number, content: Record<string, unknown>) => void;
}

function chunkPlan(size: number): { chunkSize: number; offsets: number[] } {
  let chunkSize = MB;
  if (size < MB / 2) chunkSize = size;
  else if (size < MB) chunkSize = Math.ceil(MB / 4);
  else if (size < 12 * MB) chunkSize = Math.ceil(MB / 2);
  const offsets: number[] = [];
  for (let sum = 0; sum < size; sum += chunkSize) offsets.push(sum);
  return { chunkSize, offsets };
}

function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Sends one REQ and resolves with what came for its id until EOSE. */
function exchange(
  ws: WebSocket,
  subId: string,
  command: string,
  event: unknown,
): Promise<{ events: Array<{ kind: number; content: string }>; notice?: string }> {
  return new Promise((resolve, reject) => {
    const events: Array<{ kind: number; content: string }> = [];
    let notice: string | undefined;
    const timer = setTimeout(() => reject(new Error(`no EOSE for ${subId}`)), 30_000);
    const onMessage = (data: WebSocket.RawData, isBinary: boolean) => {
      if (isBinary) return;
      const [type, id, payload] = JSON.parse(data.toString()) as [string, string, unknown];
      if (id !== subId) return;
      if (type === 'EVENT') events.push(payload as { kind: number; content: string });
      else if (type === 'NOTICE') notice = String(payload);
      else if (type === 'EOSE') {
        clearTimeout(timer);
        ws.off('message', onMessage);
        resolve({ events, notice });
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify(['REQ', subId, { cache: [command, { event_from_user: event }] }]));
  });
}

export async function referenceUpload(
  wsUrl: string,
  user: User,
  file: Buffer,
  opts: ReferenceUploadOptions = {},
): Promise<ReferenceUploadResult> {
  const sockets = await Promise.all(Array.from({ length: SOCKETS }, () => openSocket(wsUrl)));
  const id = randomUUID();
  const { chunkSize, offsets } = chunkPlan(file.length);
  const notices: string[] = [];
  let chunkRequests = 0;
  const sign = (content: Record<string, unknown>) =>
    finalizeEvent(
      {
        kind: 10000135,
        tags: [['p', user.pubkey]],
        created_at: Math.floor(Date.now() / 1000),
        content: JSON.stringify(content),
      },
      user.sk,
    );

  const sendChunk = async (index: number): Promise<boolean> => {
    const offset = offsets[index]!;
    const data = `data:application/octet-stream;base64,${file
      .subarray(offset, offset + chunkSize)
      .toString('base64')}`;
    for (let attempts = ATTEMPTS; attempts >= 0; attempts--) {
      const content: Record<string, unknown> = {
        file_length: file.length,
        upload_id: id,
        offset,
        data,
      };
      if (attempts === ATTEMPTS) opts.tamper?.(index, content);
      chunkRequests++;
      const r = await exchange(
        sockets[index % SOCKETS]!,
        `up_${index}_${attempts}_${id}`,
        'upload_chunk',
        sign(content),
      );
      if (r.notice === undefined) return true;
      notices.push(r.notice);
    }
    return false;
  };

  try {
    // Up to five chunks in flight, the next one starting when one is acknowledged.
    let next = 0;
    let failed = false;
    const worker = async () => {
      while (!failed && next < offsets.length) {
        const index = next++;
        if (opts.skip?.includes(index)) continue;
        if (!(await sendChunk(index))) failed = true;
      }
    };
    await Promise.all(Array.from({ length: SOCKETS }, worker));
    if (failed) return { notices, chunkRequests };
    const done = await exchange(
      sockets[(offsets.length - 1) % SOCKETS]!,
      `up_comp_${id}`,
      'upload_complete',
      sign({ upload_id: id, file_length: file.length, sha256: opts.sha256 ?? sha256Hex(file) }),
    );
    if (done.notice !== undefined) notices.push(done.notice);
    const uploaded = done.events.find((e) => e.kind === 10000121);
    return { url: uploaded?.content, notices, chunkRequests };
  } finally {
    for (const ws of sockets) ws.close();
  }
}
