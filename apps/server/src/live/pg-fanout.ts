import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { validateEvent, type NostrEvent } from '@swell/nostr';
import type { Store } from '../store/store.ts';
import type { LiveBus } from './live-bus.ts';

const CHANNEL = 'swell_events';
/** NOTIFY payloads must stay under 8000 bytes; bigger events travel by id. */
const MAX_INLINE = 7000;

interface Message {
  /** Origin instance. */
  o: string;
  /** Events small enough to travel inline. */
  e?: NostrEvent[];
  /** Ids of the others, to be read from the shared database. */
  ids?: string[];
}

export interface PgFanout {
  /** Announces locally committed events to the other instances. */
  announce(events: readonly NostrEvent[]): void;
  close(): Promise<void>;
}

/**
 * Cross-instance live fan-out over PostgreSQL LISTEN/NOTIFY: every instance announces what it
 * committed, and delivers what the others announce to its own live subscribers. The listening
 * connection reconnects with backoff if it drops.
 */
export async function startPgFanout(
  url: string,
  store: Store,
  bus: LiveBus,
  log: { warn: (obj: object, msg: string) => void },
): Promise<PgFanout> {
  const instance = randomUUID();
  const notifier = new pg.Pool({ connectionString: url, max: 2 });
  notifier.on('error', () => undefined);
  let listener: pg.Client | undefined;
  let closed = false;
  let retry = 0;

  const onMessage = async (msg: pg.Notification) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    let m: Message;
    try {
      m = JSON.parse(msg.payload) as Message;
    } catch {
      return;
    }
    if (m.o === instance) return;
    const inline: NostrEvent[] = [];
    for (const raw of m.e ?? []) {
      const checked = validateEvent(raw);
      if (checked.ok) inline.push(checked.event);
    }
    if (inline.length) bus.publish(inline);
    if (m.ids?.length) bus.publish(await store.getEvents(m.ids));
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (msg) => void onMessage(msg).catch(() => undefined));
    client.on('error', (err) => {
      log.warn({ err: String(err) }, 'live fan-out: listener connection lost');
      if (listener === client) listener = undefined;
      void client.end().catch(() => undefined);
      if (!closed) scheduleReconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
    retry = 0;
  };
  const scheduleReconnect = () => {
    const delay = Math.min(30_000, 500 * 2 ** retry++) * (0.5 + Math.random() / 2);
    setTimeout(() => {
      if (!closed) connect().catch(() => scheduleReconnect());
    }, delay).unref();
  };
  await connect();

  return {
    announce(events) {
      // Pack as many events as fit in one payload; large ones travel as ids.
      const send = (m: Message) =>
        notifier
          .query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(m)])
          .catch((err: unknown) => {
            log.warn({ err: String(err) }, 'live fan-out: notify failed');
          });
      let batch: NostrEvent[] = [];
      let ids: string[] = [];
      let size = 64;
      const flush = () => {
        if (batch.length || ids.length) void send({ o: instance, e: batch, ids });
        batch = [];
        ids = [];
        size = 64;
      };
      for (const e of events) {
        const json = JSON.stringify(e);
        const bytes = Buffer.byteLength(json);
        const cost = bytes > MAX_INLINE / 2 ? 67 : bytes + 1;
        if (size + cost > MAX_INLINE) flush();
        if (bytes > MAX_INLINE / 2) ids.push(e.id);
        else batch.push(e);
        size += cost;
      }
      flush();
    },
    async close() {
      closed = true;
      await listener?.end().catch(() => undefined);
      await notifier.end().catch(() => undefined);
    },
  };
}
