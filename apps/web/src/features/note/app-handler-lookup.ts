import { relayBesideCache } from '@swell/client';
import { appHandlerFilter, handlerLink, parseAppHandler, type NostrEvent } from '@swell/nostr';
import { swell } from '@/data/client.ts';

/** Handlers by kind, asked once per kind in a session. */
const byKind = new Map<number, Promise<NostrEvent[]>>();

/**
 * NIP-89 handlers (kind 31990) of a kind, as the server's relay holds them: one REQ, closed at its
 * EOSE or after 4 s. The relay verified them; a missing relay or a failure gives none.
 */
function handlersOf(kind: number): Promise<NostrEvent[]> {
  let found = byKind.get(kind);
  if (found) return found;
  found = new Promise((resolve) => {
    const url = relayBesideCache(swell().cache.getSnapshot().url);
    if (!url || typeof WebSocket === 'undefined') return resolve([]);
    const events: NostrEvent[] = [];
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch {
      return resolve([]);
    }
    const done = () => {
      clearTimeout(timer);
      try {
        socket.close();
      } catch {
        // already closed
      }
      resolve(events);
    };
    const timer = setTimeout(done, 4000);
    socket.onopen = () =>
      socket.send(JSON.stringify(['REQ', 'h', { ...appHandlerFilter(kind), limit: 20 }]));
    socket.onmessage = (m) => {
      try {
        const msg = JSON.parse(String(m.data)) as unknown[];
        if (msg[0] === 'EVENT' && msg[1] === 'h') events.push(msg[2] as NostrEvent);
        else if ((msg[0] === 'EOSE' || msg[0] === 'CLOSED') && msg[1] === 'h') done();
      } catch {
        // not JSON: ignored
      }
    };
    socket.onerror = done;
    socket.onclose = done;
  });
  byKind.set(kind, found);
  return found;
}

/** The newest handler of `kind` with a web link for `bech32`, with the app's name. */
export async function handlerFor(
  kind: number,
  bech32: string,
): Promise<{ name: string; url: string } | null> {
  const events = await handlersOf(kind);
  for (const e of [...events].sort((a, b) => b.created_at - a.created_at)) {
    const h = parseAppHandler(e);
    const url = h && handlerLink(h, bech32, 'web');
    if (!h || !url || !/^https:\/\//i.test(url)) continue;
    const name = h.metadata?.display_name || h.metadata?.name || new URL(url).host;
    return { name, url };
  }
  return null;
}
