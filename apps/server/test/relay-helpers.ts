import {
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  type EventTemplate,
  type NostrEvent,
} from '@swell/nostr';
import { SimplePool, useWebSocketImplementation } from 'nostr-tools/pool';
import WebSocket from 'ws';
import { TestSocket } from './helpers.ts';

useWebSocketImplementation(WebSocket);

/** A user with a real key pair. */
export interface TestUser {
  sk: Uint8Array;
  pubkey: string;
  sign(t: Partial<EventTemplate> & { kind: number }): NostrEvent;
}

let clock = Math.floor(Date.now() / 1000) - 10_000;

/** A new key pair; `sign` fills created_at with a strictly increasing time by default. */
export function testUser(): TestUser {
  const sk = generateSecretKey();
  return {
    sk,
    pubkey: getPublicKey(sk),
    sign: (t) => finalizeEvent({ created_at: ++clock, tags: [], content: '', ...t }, sk),
  };
}

/** A SimplePool from nostr-tools: a client we did not write. */
export function newPool(): SimplePool {
  return new SimplePool({ enablePing: false, enableReconnect: false });
}

/** Opens a raw socket to the relay and skips the AUTH challenge it sends first. */
export async function relaySocket(
  url: string,
  options?: Parameters<typeof TestSocket.open>[1],
): Promise<{ sock: TestSocket; challenge: string }> {
  const sock = await TestSocket.open(url, options);
  const first = (await sock.next()) as unknown[];
  if (first[0] !== 'AUTH') throw new Error(`expected AUTH first, got ${JSON.stringify(first)}`);
  return { sock, challenge: String(first[1]) };
}
