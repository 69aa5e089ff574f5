import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';

/** A subscription as a browser hands it to a web app (`PushSubscription.toJSON()`). */
export interface SubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Thrown for a body that is not an RFC 8291 message for these keys. */
export class PushDecryptError extends Error {}

/**
 * Decrypts one RFC 8291 message (Web Push, `aes128gcm` content coding of RFC 8188, a single
 * record), as the receiving browser does, with the user agent's P-256 key pair and auth secret.
 * Written from the RFCs with node:crypto only, apart from the library the server encrypts with.
 */
export function decryptWebPush(
  body: Buffer,
  ua: { privateKey: Buffer; publicKey: Buffer; authSecret: Buffer },
): Buffer {
  // RFC 8188 section 2.1: salt (16) | record size (4) | key id length (1) | key id | records
  if (body.length < 21) throw new PushDecryptError('too short');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  // RFC 8291 section 3.1: the key id is the application server's ephemeral public key.
  if (idLength !== 65 || asPublic[0] !== 4) throw new PushDecryptError('key id is not a P-256 key');
  if (record.length > recordSize || record.length < 17)
    throw new PushDecryptError('not a single record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(ua.privateKey);
  const ecdhSecret = ecdh.computeSecret(asPublic);
  // RFC 8291 section 3.3-3.4: IKM from the ECDH secret, keyed by the auth secret.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.publicKey, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, ua.authSecret, keyInfo, 32));
  // RFC 8188 section 2.2-2.3: content encryption key and nonce (the first record's: seq 0).
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  let plain: Buffer;
  try {
    plain = Buffer.concat([
      decipher.update(record.subarray(0, record.length - 16)),
      decipher.final(),
    ]);
  } catch {
    throw new PushDecryptError('does not decrypt with these keys');
  }
  // Padding: the last record ends with a 0x02 delimiter, then zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (end < 0 || plain[end] !== 2) throw new PushDecryptError('bad padding delimiter');
  return plain.subarray(0, end);
}

/**
 * The receiving end of Web Push as a browser holds it: a P-256 key pair and an auth secret
 * (made fresh), the subscription to hand to a server, and decryption of what arrives. For
 * tests and for trying pushes with the devnet's push service.
 */
export class PushUserAgent {
  readonly privateKey: Buffer;
  readonly publicKey: Buffer;
  readonly authSecret: Buffer;

  constructor(keys?: { privateKey: Buffer; authSecret: Buffer }) {
    const ecdh = createECDH('prime256v1');
    if (keys) ecdh.setPrivateKey(keys.privateKey);
    else ecdh.generateKeys();
    this.privateKey = ecdh.getPrivateKey();
    this.publicKey = ecdh.getPublicKey();
    this.authSecret = keys?.authSecret ?? randomBytes(16);
  }

  subscription(endpoint: string): SubscriptionJson {
    return {
      endpoint,
      keys: {
        p256dh: this.publicKey.toString('base64url'),
        auth: this.authSecret.toString('base64url'),
      },
    };
  }

  /** The plaintext of a push body (raw bytes or base64url, as the devnet service lists it). */
  decrypt(body: Buffer | string): Buffer {
    return decryptWebPush(typeof body === 'string' ? Buffer.from(body, 'base64url') : body, this);
  }

  /** A push's plaintext parsed as JSON. */
  read<T = unknown>(body: Buffer | string): T {
    return JSON.parse(this.decrypt(body).toString('utf8')) as T;
  }
}
