import type { Nip46Error } from '@swell/nostr';
import {
  generateSecretKey,
  isHex64,
  parseBunkerUrl,
  verifyEvent,
  type EventTemplate,
  type NostrEvent,
} from '@swell/nostr';
import { ClientError } from '../errors.ts';
import type { Observable } from '../store.ts';
import { Nip46Transport, type Nip46TransportOptions } from './nip46/nip46-transport.ts';
import { nowSeconds, type Signer, type SignerCipher, type SignerState } from './signer.ts';

/** What is kept to reconnect to the same remote signer after a reload. */
export interface Nip46Session {
  /** Hex secret of the disposable client keypair (not the user's key). */
  clientSecret: string;
  remotePubkey: string;
  relays: string[];
  userPubkey: string;
}

export type Nip46Options = Omit<Nip46TransportOptions, 'clientSecret' | 'relays' | 'remotePubkey'>;

/** Permissions asked for at connect (NIP-46 `perms`). */
export const defaultNip46Perms = [
  'sign_event',
  'nip04_encrypt',
  'nip04_decrypt',
  'nip44_encrypt',
  'nip44_decrypt',
];

/**
 * Signs through a NIP-46 remote signer ("bunker"): requests travel NIP-44 encrypted over the
 * signer's relays. `connectBunker` pairs through a `bunker://` URL, `nostr-connect.ts` through a
 * `nostrconnect://` URI the user scans, `restore` reconnects a stored session. Signed events are
 * checked (signature, author, and that they are what was asked for). `state` is observable:
 * a dropped connection shows as `disconnected`, and requests then fail at once.
 */
export class Nip46Signer implements Signer {
  readonly type = 'nip46' as const;
  readonly state: Observable<SignerState>;
  private readonly transport: Nip46Transport;
  private readonly clientSecret: Uint8Array;
  private readonly relays: string[];
  private userPubkey: string | null;

  private constructor(
    transport: Nip46Transport,
    clientSecret: Uint8Array,
    relays: string[],
    userPubkey: string | null,
  ) {
    this.transport = transport;
    this.clientSecret = clientSecret;
    this.relays = relays;
    this.userPubkey = userPubkey;
    this.state = transport;
  }

  /** Pairs with the signer of a `bunker://` URL: connect (with its secret), then get_public_key. */
  static async connectBunker(url: string, options: Nip46Options = {}): Promise<Nip46Signer> {
    let pointer;
    try {
      pointer = parseBunkerUrl(url);
    } catch (e) {
      throw new ClientError('invalid-bunker-url', (e as Nip46Error).message);
    }
    const clientSecret = generateSecretKey();
    const transport = new Nip46Transport({
      ...options,
      clientSecret,
      relays: pointer.relays,
      remotePubkey: pointer.remotePubkey,
    });
    transport.start();
    try {
      const ack = await transport.request('connect', [
        pointer.remotePubkey,
        pointer.secret ?? '',
        defaultNip46Perms.join(','),
      ]);
      if (ack !== 'ack' && ack !== pointer.secret) {
        throw new ClientError('signer-rejected', `unexpected connect answer "${ack}"`);
      }
      return await Nip46Signer.paired(transport, clientSecret, pointer.relays);
    } catch (e) {
      transport.close();
      throw e;
    }
  }

  /** A transport whose `connect` was answered: learns the user's key. */
  static async paired(
    transport: Nip46Transport,
    clientSecret: Uint8Array,
    relays: string[],
  ): Promise<Nip46Signer> {
    const pubkey = await transport.request('get_public_key', []);
    if (!isHex64(pubkey)) {
      throw new ClientError('signer-rejected', 'the signer gave no valid public key');
    }
    return new Nip46Signer(transport, clientSecret, relays, pubkey);
  }

  /** Reconnects a stored session (no new pairing; the signer remembers this client). */
  static restore(session: Nip46Session, options: Nip46Options = {}): Nip46Signer {
    const clientSecret = hexToBytes(session.clientSecret);
    const transport = new Nip46Transport({
      ...options,
      clientSecret,
      relays: session.relays,
      remotePubkey: session.remotePubkey,
    });
    transport.start();
    return new Nip46Signer(transport, clientSecret, session.relays, session.userPubkey);
  }

  /** What to store to `restore` this signer after a reload. */
  session(): Nip46Session {
    return {
      clientSecret: bytesToHex(this.clientSecret),
      remotePubkey: this.transport.remotePubkey ?? '',
      relays: this.relays,
      userPubkey: this.userPubkey ?? '',
    };
  }

  async getPublicKey(): Promise<string> {
    if (this.userPubkey) return this.userPubkey;
    const pk = await this.transport.request('get_public_key', []);
    if (!isHex64(pk)) throw new ClientError('signer-rejected', 'no valid public key');
    this.userPubkey = pk;
    return pk;
  }

  async signEvent(
    template: Omit<EventTemplate, 'created_at'> & { created_at?: number },
  ): Promise<NostrEvent> {
    const pubkey = await this.getPublicKey();
    const unsigned = {
      kind: template.kind,
      tags: template.tags,
      content: template.content,
      created_at: template.created_at ?? nowSeconds(),
      pubkey,
    };
    const answer = await this.transport.request('sign_event', [JSON.stringify(unsigned)]);
    let signed: NostrEvent;
    try {
      signed = JSON.parse(answer) as NostrEvent;
    } catch {
      throw new ClientError('event_not_signed', 'the signer answered no event');
    }
    const same =
      signed &&
      signed.pubkey === pubkey &&
      signed.kind === unsigned.kind &&
      signed.content === unsigned.content &&
      signed.created_at === unsigned.created_at &&
      JSON.stringify(signed.tags) === JSON.stringify(unsigned.tags);
    if (!same || !verifyEvent(signed)) throw new ClientError('event-sig-not-verified');
    return signed;
  }

  readonly nip04: SignerCipher = this.cipher('nip04');
  readonly nip44: SignerCipher = this.cipher('nip44');

  private cipher(nip: 'nip04' | 'nip44'): SignerCipher {
    return {
      encrypt: (peer, text) => this.transport.request(`${nip}_encrypt`, [peer, text]),
      decrypt: async (peer, data) => {
        try {
          return await this.transport.request(`${nip}_decrypt`, [peer, data]);
        } catch (e) {
          if (e instanceof ClientError && e.code === 'signer-rejected') {
            throw new ClientError('bad-cipher', e.message, { cause: e });
          }
          throw e;
        }
      },
    };
  }

  /** Asks the signer whether it is there (true on "pong"). */
  async ping(timeoutMs = 10_000): Promise<boolean> {
    return (await this.transport.request('ping', [], timeoutMs)) === 'pong';
  }

  close(): void {
    this.transport.close();
  }
}

function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function hexToBytes(hex: string): Uint8Array {
  if (!isHex64(hex)) throw new ClientError('invalid-bunker-url', 'the stored session is broken');
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
