import {
  MembershipResultKind,
  rawResultEvent,
  type RebroadcastStatus,
} from '@swell/cache-protocol';
import { CacheError, type CacheRequest } from '../../cache/request.ts';
import { proven, provenStream } from '../../cache/proven-command.ts';
import { kinds } from '../../cache/params.ts';
import { replaceableOf } from '../../cache/queries/events.ts';
import { MAX_REBROADCAST_RELAYS } from '../../membership/rebroadcasts.ts';
import { contentObject, MEMBER_REQUEST } from '../wallet-request.ts';

/** How often an open status stream re-reads the job (one run by another instance). */
const STATUS_POLL_MS = 2000;

const statusEvent = (s: RebroadcastStatus) =>
  rawResultEvent(MembershipResultKind.BroadcastStatus, s);

function relayUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > 500) return undefined;
  try {
    const u = new URL(raw.trim());
    return u.protocol === 'ws:' || u.protocol === 'wss:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The relays a rebroadcast goes to: `relays` of the request (payload or content) when given,
 * else the write relays of the member's relay list (kind 10002: r tags without a marker or marked
 * write). This server's own relay holds the events already and is left out.
 */
async function relaysFor(req: CacheRequest, pubkey: string, asked: unknown): Promise<string[]> {
  let urls: string[];
  if (asked !== undefined) {
    if (!Array.isArray(asked) || asked.length > MAX_REBROADCAST_RELAYS)
      throw new CacheError(`invalid relays (a list of at most ${MAX_REBROADCAST_RELAYS} ws URLs)`);
    urls = asked.map((r) => {
      const url = relayUrl(r);
      if (!url) throw new CacheError('invalid relays (a list of ws:// or wss:// URLs)');
      return url;
    });
  } else {
    const list = (await replaceableOf(req.store.db, [pubkey], 10002)).get(pubkey);
    urls = (list?.tags ?? [])
      .filter((t) => t[0] === 'r' && (t[2] === undefined || t[2] === '' || t[2] === 'write'))
      .flatMap((t) => relayUrl(t[1]) ?? []);
  }
  const own = req.ctx.outbound.own;
  const out = [...new Set(urls)]
    .filter((u) => !own.has(new URL(u)))
    .slice(0, MAX_REBROADCAST_RELAYS);
  if (out.length === 0)
    throw new CacheError(
      'no relays to rebroadcast to: publish a relay list (kind 10002) or choose relays',
    );
  return out;
}

/**
 * `membership_content_rebroadcast_start {event_from_user, kinds?, relays?}`: publishes every
 * stored event of the member (of `kinds`) to `relays`, else to the write relays of their kind
 * 10002, in the background; answers the status (10000167). Members only; one at a time.
 */
export const membershipContentRebroadcastStart = proven(MEMBER_REQUEST, async (req, e) => {
  await req.ctx.membership.requireMember(e.pubkey);
  const body = contentObject(e);
  const wanted = kinds(req.payload, 'kinds') ?? kinds(body, 'kinds') ?? [];
  const relays = await relaysFor(req, e.pubkey, req.payload.relays ?? body.relays);
  const status = await req.ctx.rebroadcasts.start({
    pubkey: e.pubkey,
    kinds: wanted,
    relays,
    privateOk: req.privateFetchOk,
  });
  req.emit(statusEvent(status));
});

/** `membership_content_rebroadcast_cancel {event_from_user}` -> the status (10000167). */
export const membershipContentRebroadcastCancel = proven(MEMBER_REQUEST, async (req, e) => {
  req.emit(statusEvent(await req.ctx.rebroadcasts.cancel(e.pubkey)));
});

/**
 * `rebroadcasting_status {event_from_user}`, streaming: the member's rebroadcast status
 * (10000167 `{running, status, progress, kinds, total, done, accepted, relays}`) at once, then
 * each change until CLOSE. A member who never started one gets `{running: false, status: ''}`.
 */
export const rebroadcastingStatus = provenStream(MEMBER_REQUEST, async (req, e, push) => {
  const pubkey = e.pubkey;
  const rebroadcasts = req.ctx.rebroadcasts;
  let last = JSON.stringify(await rebroadcasts.status(pubkey));
  req.emit(statusEvent(JSON.parse(last) as RebroadcastStatus));
  let stopped = false;
  const check = () => {
    if (stopped) return;
    void rebroadcasts
      .status(pubkey)
      .then((s) => {
        const text = JSON.stringify(s);
        if (stopped || text === last) return;
        last = text;
        push([statusEvent(s)]);
      })
      .catch((err: unknown) => req.ctx.log.warn({ err }, 'rebroadcast status failed'));
  };
  const unlisten = rebroadcasts.onChange((who) => {
    if (who === pubkey) check();
  });
  const poll = setInterval(check, STATUS_POLL_MS);
  poll.unref();
  return () => {
    stopped = true;
    unlisten();
    clearInterval(poll);
  };
});
