import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import type { PushSettings } from '../config.ts';
import type { ServerSettings } from '../settings/server-settings.ts';

/** The key pair this server signs its pushes with (RFC 8292), base64url, and its contact. */
export interface VapidKeys {
  /** Uncompressed P-256 point (65 bytes): the `applicationServerKey` browsers subscribe with. */
  publicKey: string;
  /** 32 bytes. A secret: never logged, never sent. */
  privateKey: string;
  /** `mailto:` or `https:`, the `sub` of every VAPID token. */
  subject: string;
}

const STORED_KEY = 'vapid_keys';

/** Why a key pair is not one (undefined when it is). */
export function vapidKeyProblem(publicKey: string, privateKey: string): string | undefined {
  const pub = Buffer.from(publicKey, 'base64url');
  const priv = Buffer.from(privateKey, 'base64url');
  if (pub.length !== 65 || pub[0] !== 4) return 'the public key must be a base64url P-256 point';
  if (priv.length !== 32) return 'the private key must be 32 bytes, base64url';
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(priv);
    if (!ecdh.getPublicKey().equals(pub)) return 'the public key is not that of the private key';
  } catch {
    return 'the private key is not a P-256 key';
  }
  return undefined;
}

/**
 * The VAPID keys: from configuration (SWELL_VAPID_PUBLIC_KEY and _PRIVATE_KEY), else made once
 * and kept in the database's server settings (the first instance to store a pair wins), so a
 * restart or another instance never invalidates the browsers' subscriptions. With the
 * embedded database that is `SWELL_DATA/swell.db`.
 */
export async function loadVapidKeys(
  push: PushSettings,
  settings: ServerSettings,
  publicUrl: string | undefined,
): Promise<VapidKeys> {
  const subject =
    push.vapidSubject ??
    (publicUrl?.startsWith('https://') ? publicUrl : 'mailto:operator@swell.invalid');
  if (push.vapidPublicKey && push.vapidPrivateKey) {
    const problem = vapidKeyProblem(push.vapidPublicKey, push.vapidPrivateKey);
    if (problem) throw new Error(`SWELL_VAPID_PUBLIC_KEY/PRIVATE_KEY: ${problem}`);
    return { publicKey: push.vapidPublicKey, privateKey: push.vapidPrivateKey, subject };
  }
  const fresh = webpush.generateVAPIDKeys();
  const stored = await settings.keepFirst(STORED_KEY, JSON.stringify(fresh));
  const keys = JSON.parse(stored) as { publicKey?: unknown; privateKey?: unknown };
  if (
    typeof keys.publicKey !== 'string' ||
    typeof keys.privateKey !== 'string' ||
    vapidKeyProblem(keys.publicKey, keys.privateKey)
  )
    throw new Error('the stored VAPID keys are damaged (server_settings vapid_keys)');
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject };
}
