import { createCipheriv, createDecipheriv } from 'node:crypto';
import { sharedX } from './ecdh.ts';

/** NIP-04: AES-256-CBC over the ECDH x coordinate, `base64?iv=base64`; the IV is given (deterministic). */
export function nip04Encrypt(
  secretKey: Uint8Array,
  pubkey: string,
  text: string,
  iv: Uint8Array,
): string {
  const cipher = createCipheriv('aes-256-cbc', sharedX(secretKey, pubkey), iv);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${data.toString('base64')}?iv=${Buffer.from(iv).toString('base64')}`;
}

export function nip04Decrypt(secretKey: Uint8Array, pubkey: string, payload: string): string {
  const [data, iv] = payload.split('?iv=');
  if (!data || !iv) throw new Error('not a NIP-04 payload');
  const decipher = createDecipheriv(
    'aes-256-cbc',
    sharedX(secretKey, pubkey),
    Buffer.from(iv, 'base64'),
  );
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString(
    'utf8',
  );
}
