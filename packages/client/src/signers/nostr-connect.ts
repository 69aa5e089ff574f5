import { generateSecretKey, nostrConnectUri } from '@swell/nostr';
import { ClientError } from '../errors.ts';
import { defaultNip46Perms, Nip46Signer, type Nip46Options } from './nip46-signer.ts';
import { Nip46Transport } from './nip46/nip46-transport.ts';

export interface NostrConnectOptions extends Nip46Options {
  /** Relays the client listens on (the signer answers there). */
  relays: string[];
  /** The app's name, URL and image, shown by the signer. */
  name?: string;
  url?: string;
  image?: string;
  perms?: string[];
  /** How long to wait for the user to scan and approve. Default 5 min. */
  pairTimeoutMs?: number;
}

export interface NostrConnectPairing {
  /** The `nostrconnect://` URI to show as a QR code (and as a link for signer apps). */
  uri: string;
  /** Resolves once the client listens on its relays (the QR code can be scanned from then on). */
  ready: Promise<void>;
  /** Resolves once a signer answered `connect` with our secret and told the user's key. */
  signer: Promise<Nip46Signer>;
  /** Stops waiting (`signer` rejects with `signer-disconnected`). */
  cancel(): void;
}

/**
 * Client-initiated NIP-46: a fresh client keypair and secret in a `nostrconnect://` URI the user
 * scans with their signer app. The signer answers `connect` with the secret from its own key
 * (which is how the client learns it); answers with another secret are ignored.
 */
export function startNostrConnect(options: NostrConnectOptions): NostrConnectPairing {
  const clientSecret = generateSecretKey();
  const secret = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  const { relays, name, url, image, perms, pairTimeoutMs, ...transportOptions } = options;
  const transport = new Nip46Transport({ ...transportOptions, clientSecret, relays });
  const uri = nostrConnectUri({
    clientPubkey: transport.clientPubkey,
    relays,
    secret,
    perms: perms ?? defaultNip46Perms,
    ...(name ? { name } : {}),
    ...(url ? { url } : {}),
    ...(image ? { image } : {}),
  });
  let cancel: () => void = () => {};
  const signer = new Promise<Nip46Signer>((resolve, reject) => {
    const timer = setTimeout(
      () => finish(new ClientError('signer-timeout', 'not paired')),
      pairTimeoutMs ?? 300_000,
    );
    const stop = transport.onMessage((m, from) => {
      if (m.result !== secret) return;
      transport.remotePubkey = from;
      stop();
      clearTimeout(timer);
      Nip46Signer.paired(transport, clientSecret, relays).then(resolve, (e: unknown) => {
        transport.close();
        reject(e as Error);
      });
    });
    function finish(e: ClientError) {
      clearTimeout(timer);
      stop();
      transport.close();
      reject(e);
    }
    cancel = () => finish(new ClientError('signer-disconnected', 'cancelled'));
  });
  transport.start();
  return { uri, ready: transport.listening(), signer, cancel: () => cancel() };
}
