// idb checks results against the IndexedDB classes, so the fake ones must be global.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import {
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  nip19,
  type EventTemplate,
  type NostrEvent,
} from '@swell/nostr';
import { createSwellClient, type SwellClient } from '../src/swell-client.ts';
import { MemoryStorage } from '../src/storage/storage.ts';
import type { Nip07 } from '../src/signers/signer.ts';
import type { ClientTestServer } from './helpers.ts';

let outboxes = 0;

export interface SignedInClient {
  client: SwellClient;
  sk: Uint8Array;
  pubkey: string;
  storage: MemoryStorage;
}

export interface ClientSetup {
  sk?: Uint8Array;
  storage?: MemoryStorage;
  /** A NIP-07 extension to detect (restored sessions) instead of a pasted nsec. */
  extension?: Nip07;
  /** Sign in with the nsec (default) or only restore what `storage` holds. */
  signIn?: boolean;
}

/** A client of the real server (its own storage and outbox), signed in with a key. */
export async function signedInClient(
  server: ClientTestServer,
  clients: SwellClient[],
  setup: ClientSetup = {},
): Promise<SignedInClient> {
  const storage = setup.storage ?? new MemoryStorage();
  const client = createSwellClient({
    storage,
    origin: server.url,
    login: {
      detect: async () => setup.extension ?? null,
      keyStore: { pinIterations: 1000 },
    },
    relays: { retryBaseMs: 100 },
    write: {
      indexedDB: new IDBFactory(),
      outboxName: `lists-test-${++outboxes}`,
      publishTimeoutMs: 3000,
      retryBaseMs: 300,
    },
  });
  clients.push(client);
  const sk = setup.sk ?? generateSecretKey();
  if (setup.signIn === false) await client.session.start();
  else await client.session.signInWithNsec(nip19.nsecEncode(sk));
  await client.connectRelays();
  return { client, sk, pubkey: getPublicKey(sk), storage };
}

/** A NIP-07 stand-in over a local key that counts what it is asked (prompts, in a browser). */
export function countingExtension(sk: Uint8Array) {
  const calls = { sign: 0, encrypt: 0, decrypt: 0 };
  const pk = getPublicKey(sk);
  const ext: Nip07 = {
    getPublicKey: async () => pk,
    signEvent: async (t: EventTemplate) => {
      calls.sign++;
      return finalizeEvent(t, sk);
    },
  };
  return { ext, calls };
}

/** Publishes an event straight to the relay (another client, another user). */
export async function publishRaw(server: ClientTestServer, event: NostrEvent): Promise<void> {
  const ws = new WebSocket(server.relayUrl);
  await new Promise((r, j) => {
    ws.onopen = r;
    ws.onerror = j;
  });
  const ok = new Promise<void>((resolve, reject) => {
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data)) as unknown[];
      if (msg[0] === 'OK' && msg[1] === event.id) {
        if (msg[2] === true) resolve();
        else reject(new Error(`relay refused: ${String(msg[3])}`));
      }
    };
  });
  ws.send(JSON.stringify(['EVENT', event]));
  await ok;
  ws.close();
}

let clock = Math.floor(Date.now() / 1000) - 3600;

/** A signed event of `sk`, an hour old and a second after the previous one. */
export function signed(sk: Uint8Array, t: Omit<EventTemplate, 'created_at'>): NostrEvent {
  return finalizeEvent({ ...t, created_at: clock++ }, sk);
}

/** The newest event of a kind by an author, as the relay serves it. */
export async function onRelay(
  c: SwellClient,
  server: ClientTestServer,
  filter: { kinds: number[]; authors: string[]; '#d'?: string[] },
): Promise<NostrEvent | undefined> {
  const pool = await c.loadRelays();
  const events = await pool.query([filter], { relays: [server.relayUrl] });
  return events.sort((a, b) => b.created_at - a.created_at)[0];
}

export const pubkeys = (n: number) =>
  Array.from({ length: n }, () => getPublicKey(generateSecretKey()));
