import { resultEvent, ResultKind } from '@swell/cache-protocol';
import { validateEvent, verifyEvent, type NostrEvent } from '@swell/nostr';
import WebSocket from 'ws';
import { FetchGuard, type FetchTarget } from '../../net/fetch-guard.ts';
import { hex64 } from '../params.ts';
import { proven } from '../proven-command.ts';
import { USER_EVENT } from '../user-event.ts';
import { CacheError, type CacheRequest } from '../request.ts';
import { cacheDb } from '../tables.ts';

/** `import_events {events}`: verify and store like relay events -> 10000127 {imported, errors}. */
export async function importEvents(req: CacheRequest): Promise<void> {
  const list = req.payload.events;
  if (!Array.isArray(list)) throw new CacheError('invalid events');
  if (list.length > 1000) throw new CacheError('too many events');
  const results = await req.ctx.ingest(list, { source: 'import' });
  let imported = 0;
  let errors = 0;
  for (const r of results) {
    if (r.ok) imported++;
    else errors++;
  }
  req.emit(resultEvent(ResultKind.ImportStatus, { imported, errors }));
}

/**
 * Publishes one event to one relay over the checked address (no second DNS lookup, no
 * redirects); resolves true on OK true within 8 s.
 */
function publish(target: FetchTarget, event: NostrEvent, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    let done = false;
    const ws = new WebSocket(target.url, {
      handshakeTimeout: 5000,
      lookup: FetchGuard.lookupFor(target),
      family: target.family,
      followRedirects: false,
      maxPayload: 1024 * 1024,
    });
    const finish = (ok: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      ws.terminate();
      resolve(ok);
    };
    const onAbort = () => finish(false);
    const timer = setTimeout(() => finish(false), 8000);
    signal.addEventListener('abort', onAbort);
    ws.on('open', () => ws.send(JSON.stringify(['EVENT', event])));
    ws.on('message', (data) => {
      try {
        const msg = JSON.parse(data.toString()) as unknown[];
        if (msg[0] === 'OK' && msg[1] === event.id) finish(msg[2] === true);
      } catch {
        // ignore non-JSON frames
      }
    });
    ws.on('error', () => finish(false));
    ws.on('close', () => finish(false));
  });
}

/**
 * `broadcast_events {events, relays}`: stores each event and publishes it to the relays (proxy
 * mode). EVENT = accepted by at least one relay, NOTICE = failed everywhere. Gift wraps (kind
 * 1059) are not echoed: their answer is a bare EOSE when accepted.
 */
export async function broadcastEvents(req: CacheRequest): Promise<void> {
  const list = req.payload.events;
  const relays = req.payload.relays;
  if (!Array.isArray(list) || list.length === 0 || list.length > 50)
    throw new CacheError('invalid events');
  if (!Array.isArray(relays) || relays.length > 30 || !relays.every((r) => typeof r === 'string'))
    throw new CacheError('invalid relays');
  const events: NostrEvent[] = [];
  for (const raw of list) {
    const checked = validateEvent(raw);
    if (!checked.ok || !verifyEvent(checked.event))
      throw new CacheError('invalid events: bad event');
    events.push(checked.event);
  }
  // This server's own relay (from configuration, never from request headers) is served by the
  // ingestion below; every other relay is reached through the fetch guard.
  const { own, guard } = req.ctx.outbound;
  let ownRelay = false;
  const targets: FetchTarget[] = [];
  for (const r of new Set(relays as string[])) {
    let url: URL;
    try {
      url = new URL(r);
    } catch {
      continue; // unusable relay address: skipped (counts as a failure)
    }
    if (own.isOwnRelay(url)) {
      ownRelay = true;
      continue;
    }
    try {
      targets.push(await guard.target(url, ['ws:', 'wss:'], req.privateFetchOk));
    } catch {
      // refused or unresolvable relay address: skipped (counts as a failure)
    }
  }
  const stored = await req.ctx.ingest(events, { source: 'import' });
  let failures = 0;
  for (const [i, e] of events.entries()) {
    const local = ownRelay && stored[i]!.ok;
    const results = await Promise.all(targets.map((t) => publish(t, e, req.signal)));
    // A gift wrap is never echoed on /v1 (relay-only-kinds.ts): for it, no NOTICE is the success.
    if (local || results.some(Boolean)) req.emit(e);
    else failures++;
  }
  if (failures > 0)
    throw new CacheError(`failed to publish ${failures} of ${events.length} events`);
}

/** `report_user {pubkey, event_from_user}`: records the report; answers EOSE. */
export const reportUser = proven(USER_EVENT, async (req, e) => {
  const pubkey = hex64(req.payload, 'pubkey');
  const db = cacheDb(req.store);
  await db
    .insertInto('cache_user_reports')
    .values({ reporter: e.pubkey, pubkey, event: JSON.stringify(e), created_at: req.now })
    .onConflict((oc) =>
      oc
        .columns(['reporter', 'pubkey'])
        .doUpdateSet({ event: JSON.stringify(e), created_at: req.now }),
    )
    .execute();
});
