/** A minimal NIP-01 client for tests: publish an event, or fetch the events of a filter. */

type NostrEvent = {
  id: string;
  pubkey: string;
  kind: number;
  created_at: number;
  tags: string[][];
  content: string;
  sig: string;
};

async function open(relayUrl: string): Promise<WebSocket> {
  const ws = new WebSocket(relayUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  return ws;
}

/** Publishes a signed event and returns the relay's OK message. */
export async function publish(relayUrl: string, event: NostrEvent): Promise<unknown[]> {
  const ws = await open(relayUrl);
  const ok = new Promise<unknown[]>((resolve) => {
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data)) as unknown[];
      if (msg[0] === 'OK') resolve(msg);
    };
  });
  ws.send(JSON.stringify(['EVENT', event]));
  const answer = await ok;
  ws.close();
  return answer;
}

/** The events a relay holds for a filter (until its EOSE). */
export async function query(relayUrl: string, filter: object): Promise<NostrEvent[]> {
  const ws = await open(relayUrl);
  const events: NostrEvent[] = [];
  await new Promise<void>((resolve) => {
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data)) as [string, string, NostrEvent?];
      if (msg[0] === 'EVENT' && msg[2]) events.push(msg[2]);
      if (msg[0] === 'EOSE' || msg[0] === 'CLOSED') resolve();
    };
    ws.send(JSON.stringify(['REQ', 'q', filter]));
  });
  ws.close();
  return events;
}

/** Open cache streams of the server by command, from `/health`. */
export async function openStreams(baseURL: string): Promise<Record<string, number>> {
  const health = (await fetch(`${baseURL}/health`).then((r) => r.json())) as {
    streams?: Record<string, number>;
  };
  return health.streams ?? {};
}

/** The events our server's /relay serves for these ids. */
export function relayEventsById(baseURL: string, ids: string[]): Promise<NostrEvent[]> {
  return query(`${baseURL.replace(/^http/, 'ws')}/relay`, { ids });
}
