// A plain NIP-01 client for the specs: asks the server's /relay for events by id.

interface RelayEvent {
  id: string;
  kind: number;
  pubkey: string;
  content: string;
  tags: string[][];
}

/** The events the relay serves for these ids (REQ ... EOSE). */
export async function relayEventsById(baseURL: string, ids: string[]): Promise<RelayEvent[]> {
  const ws = new WebSocket(`${baseURL.replace(/^http/, 'ws')}/relay`);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  const events: RelayEvent[] = [];
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no EOSE from /relay')), 15_000);
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data)) as unknown[];
      if (msg[0] === 'EVENT' && msg[1] === 'q') events.push(msg[2] as RelayEvent);
      if (msg[0] === 'EOSE' && msg[1] === 'q') {
        clearTimeout(timer);
        resolve();
      }
    };
  });
  ws.send(JSON.stringify(['REQ', 'q', { ids }]));
  await done;
  ws.close();
  return events;
}
