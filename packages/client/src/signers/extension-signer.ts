import { verifyEvent, type EventTemplate, type NostrEvent } from '@swell/nostr';
import { ClientError } from '../errors.ts';
import { nowSeconds, type Nip07, type Signer, type SignerCipher } from './signer.ts';

/**
 * Signs through a NIP-07 browser extension. Events coming back are verified: a bad signature
 * is `event-sig-not-verified`. An extension without NIP-04/44 gives `no_nostr_extension`.
 */
export class ExtensionSigner implements Signer {
  readonly type = 'extension' as const;
  private readonly ext: Nip07;
  private pubkey: string | null = null;

  constructor(ext: Nip07) {
    this.ext = ext;
  }

  async getPublicKey(): Promise<string> {
    if (this.pubkey) return this.pubkey;
    const pk = await this.ext.getPublicKey();
    if (typeof pk !== 'string' || !/^[0-9a-f]{64}$/.test(pk)) {
      throw new ClientError('no_nostr_extension', 'the extension gave no valid public key');
    }
    this.pubkey = pk;
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
    };
    let signed: NostrEvent;
    try {
      signed = await this.ext.signEvent(unsigned);
    } catch (e) {
      throw new ClientError('event_not_signed', (e as Error)?.message, { cause: e });
    }
    if (!signed || typeof signed !== 'object') throw new ClientError('event_not_signed');
    const event = { ...unsigned, ...signed, pubkey: signed.pubkey ?? pubkey } as NostrEvent;
    if (event.pubkey !== pubkey || !verifyEvent(event)) {
      throw new ClientError('event-sig-not-verified');
    }
    return event;
  }

  readonly nip04: SignerCipher = this.cipher('nip04');
  readonly nip44: SignerCipher = this.cipher('nip44');

  private cipher(nip: 'nip04' | 'nip44'): SignerCipher {
    const get = (): SignerCipher => {
      const c = this.ext[nip];
      if (!c) throw new ClientError('no_nostr_extension', `the extension has no ${nip}`);
      return c;
    };
    return {
      encrypt: async (peer, plaintext) => get().encrypt(peer, plaintext),
      decrypt: async (peer, ciphertext) => get().decrypt(peer, ciphertext),
    };
  }
}
