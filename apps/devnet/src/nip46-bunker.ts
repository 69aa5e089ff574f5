import { randomBytes } from 'node:crypto';
import {
  finalizeEvent,
  getPublicKey,
  isNip46Request,
  nip04Decrypt,
  nip04Encrypt,
  nip44DecryptFrom,
  nip44EncryptTo,
  nip46Event,
  NIP46_KIND,
  openNip46Event,
  parseNostrConnectUri,
  type NostrEvent,
  type Nip46Request,
  type Nip46Response,
} from '@swell/nostr';
import { demoSecretKey } from './demo-accounts.ts';
import type { DevnetHost } from './host.ts';
import { deriveSecretKey } from './keys.ts';

/** The demo account whose key the bunker holds (README, "Demo accounts"). */
export const bunkerAccount = 'erin';

/** Unused `bunker://` secrets kept (the oldest go first), so asking for URLs cannot fill memory. */
const MAX_OPEN_SECRETS = 1000;
/** Connected clients remembered (the oldest go first). */
const MAX_CLIENTS = 10_000;

/** What the bunker needs from the server: the live fan-out (to hear requests) and ingestion. */
export interface BunkerHost extends DevnetHost {
  live: { subscribe(fn: (event: NostrEvent) => void): () => void };
}

/**
 * A NIP-46 remote signer ("bunker") for the devnet: it holds a demo account's key and answers
 * over the server's own relay, so remote signing runs offline. It hears kind 24133 requests
 * addressed to its signer key on the live fan-out and publishes its answers through the server's
 * ingestion (relay subscribers receive them like any ephemeral event). A client connects with
 * the secret of a `bunker://` URL the bunker handed out (single-use, as the NIP asks) or by the
 * `nostrconnect://` step; a `connect` without a valid secret, and every other request of a client
 * that never connected, gets an error answer. Every request of a connected client is approved (it
 * is a sandbox). `online = false` makes it stop answering, to show what a dropped signer looks
 * like.
 */
export class DevnetBunker {
  readonly remotePubkey: string;
  readonly userPubkey: string;
  online = true;
  private readonly signerKey: Uint8Array;
  private readonly userKey: Uint8Array;
  private readonly host: BunkerHost;
  private readonly secrets = new Set<string>();
  /** Pubkeys of the clients that connected (with a secret, or through `nostrconnect://`). */
  private readonly clients = new Set<string>();
  private readonly stop: () => void;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(host: BunkerHost) {
    this.host = host;
    this.signerKey = deriveSecretKey('nip46-bunker');
    this.userKey = demoSecretKey(bunkerAccount);
    this.remotePubkey = getPublicKey(this.signerKey);
    this.userPubkey = getPublicKey(this.userKey);
    this.stop = host.live.subscribe((e) => {
      if (e.kind === NIP46_KIND && e.tags.some((t) => t[0] === 'p' && t[1] === this.remotePubkey))
        void this.onRequest(e);
    });
  }

  /** A fresh single-use `bunker://` URL for the relay at `relayUrl`. */
  bunkerUrl(relayUrl: string): string {
    const secret = randomBytes(16).toString('hex');
    remember(this.secrets, secret, MAX_OPEN_SECRETS);
    const q = new URLSearchParams({ relay: relayUrl, secret });
    return `bunker://${this.remotePubkey}?${q.toString()}`;
  }

  /**
   * What a signer app does with a scanned `nostrconnect://` URI: it answers the client's
   * `connect` with the client's secret, from its own key, on the client's relays (here: ours).
   */
  async acceptNostrConnect(uri: string): Promise<void> {
    const p = parseNostrConnectUri(uri);
    remember(this.clients, p.clientPubkey, MAX_CLIENTS);
    const id = randomBytes(8).toString('hex');
    await this.send(p.clientPubkey, { id, result: p.secret });
  }

  /** Stops listening and waits for the answers being published (the store closes next). */
  async close(): Promise<void> {
    this.stop();
    this.online = false;
    await Promise.allSettled([...this.inFlight]);
  }

  private async onRequest(e: NostrEvent): Promise<void> {
    if (!this.online) return;
    const msg = openNip46Event(this.signerKey, e);
    if (!msg || !isNip46Request(msg)) return;
    let response: Nip46Response;
    try {
      response = { id: msg.id, result: this.answer(e.pubkey, msg) };
    } catch (err) {
      response = { id: msg.id, error: (err as Error).message };
    }
    await this.send(e.pubkey, response);
  }

  private answer(client: string, req: Nip46Request): string {
    const [a = '', b = ''] = req.params;
    if (req.method === 'connect') {
      if (a !== this.remotePubkey) throw new Error('connect names another signer');
      // A client that connected before may say so again; it gains nothing new.
      if (this.clients.has(client)) return 'ack';
      if (!b) throw new Error('unauthorized: connect needs the secret of a bunker:// URL');
      if (!this.secrets.delete(b)) throw new Error('unauthorized: invalid or already used secret');
      remember(this.clients, client, MAX_CLIENTS);
      return 'ack';
    }
    if (!this.clients.has(client)) throw new Error('unauthorized: connect first');
    switch (req.method) {
      case 'ping':
        return 'pong';
      case 'get_public_key':
        return this.userPubkey;
      case 'sign_event': {
        const t = JSON.parse(a) as Partial<NostrEvent>;
        if (typeof t.kind !== 'number' || typeof t.content !== 'string' || !Array.isArray(t.tags))
          throw new Error('invalid event');
        const signed = finalizeEvent(
          {
            kind: t.kind,
            content: t.content,
            tags: t.tags,
            created_at:
              typeof t.created_at === 'number' ? t.created_at : Math.floor(Date.now() / 1000),
          },
          this.userKey,
        );
        return JSON.stringify(signed);
      }
      case 'nip04_encrypt':
        return nip04Encrypt(this.userKey, a, b);
      case 'nip04_decrypt':
        return nip04Decrypt(this.userKey, a, b);
      case 'nip44_encrypt':
        return nip44EncryptTo(this.userKey, a, b);
      case 'nip44_decrypt':
        return nip44DecryptFrom(this.userKey, a, b);
      default:
        throw new Error(`unsupported method ${req.method}`);
    }
  }

  private send(client: string, message: Nip46Response): Promise<void> {
    const run = this.publish(client, message);
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
    return run;
  }

  private async publish(client: string, message: Nip46Response): Promise<void> {
    const event = nip46Event(this.signerKey, client, message);
    const [result] = await this.host.ingest([event], { source: 'relay' });
    if (result?.status === 'rejected') {
      this.host.log.warn({ reason: result.message }, 'devnet bunker answer was rejected');
    }
  }
}

/** Adds `value` to `set`, forgetting the oldest entries beyond `max`. */
function remember(set: Set<string>, value: string, max: number): void {
  set.add(value);
  while (set.size > max) set.delete(set.values().next().value!);
}
