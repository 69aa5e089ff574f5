import {
  finalizeEvent,
  getPublicKey,
  nip04Decrypt,
  nip04Encrypt,
  nip44DecryptFrom,
  nip44EncryptTo,
  type EventTemplate,
  type NostrEvent,
} from '@swell/nostr';
import { ClientError } from '../errors.ts';
import { nowSeconds, type Signer, type SignerCipher } from './signer.ts';

/**
 * Signs with a locally held secret key (from a pasted nsec, or unlocked with the PIN).
 * After `forget()` (logout) every call fails with the spec's `*-no-nsec` error.
 */
export class LocalKeySigner implements Signer {
  readonly type = 'local' as const;
  private secretKey: Uint8Array | null;

  constructor(secretKey: Uint8Array) {
    if (!(secretKey instanceof Uint8Array) || secretKey.length !== 32) {
      throw new ClientError('invalid-nsec');
    }
    this.secretKey = new Uint8Array(secretKey);
  }

  private key(code: 'pubkey-no-nsec' | 'sign-no-nsec' | 'encrypt-no-nsec' | 'decrypt-no-nsec') {
    if (!this.secretKey) throw new ClientError(code);
    return this.secretKey;
  }

  async getPublicKey(): Promise<string> {
    return getPublicKey(this.key('pubkey-no-nsec'));
  }

  async signEvent(
    template: Omit<EventTemplate, 'created_at'> & { created_at?: number },
  ): Promise<NostrEvent> {
    const sk = this.key('sign-no-nsec');
    return finalizeEvent(
      {
        kind: template.kind,
        tags: template.tags,
        content: template.content,
        created_at: template.created_at ?? nowSeconds(),
      },
      sk,
    );
  }

  readonly nip04: SignerCipher = this.cipher(nip04Encrypt, nip04Decrypt);
  readonly nip44: SignerCipher = this.cipher(nip44EncryptTo, nip44DecryptFrom);

  /** A decryption failure is `bad-cipher`; a forgotten key is `encrypt-/decrypt-no-nsec`. */
  private cipher(
    encrypt: (sk: Uint8Array, peer: string, text: string) => string,
    decrypt: (sk: Uint8Array, peer: string, data: string) => string,
  ): SignerCipher {
    return {
      encrypt: async (peer, text) => encrypt(this.key('encrypt-no-nsec'), peer, text),
      decrypt: async (peer, data) => {
        const sk = this.key('decrypt-no-nsec');
        try {
          return decrypt(sk, peer, data);
        } catch (e) {
          throw new ClientError('bad-cipher', (e as Error).message, { cause: e });
        }
      },
    };
  }

  /** Wipes the key from memory (logout). */
  forget(): void {
    this.secretKey?.fill(0);
    this.secretKey = null;
  }
}
