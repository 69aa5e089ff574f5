import type { Payer, PaymentResult } from '../payer.ts';
import { NwcClient, type NwcClientOptions } from './nwc-client.ts';
import { parseNwcUri, type NwcConnection } from './nwc-uri.ts';

/**
 * Pays through a Nostr Wallet Connect (NIP-47) wallet. Built from a pasted or scanned
 * connection string (throws `NwcUriError` with the reason when it cannot be used) or a parsed
 * connection, and a relay transport (`WebSocketRelayTransport`, shared by the app).
 */
export class NwcPayer implements Payer {
  readonly kind = 'nwc' as const;
  readonly client: NwcClient;

  constructor(connection: string | NwcConnection, options: NwcClientOptions) {
    this.client = new NwcClient(
      typeof connection === 'string' ? parseNwcUri(connection) : connection,
      options,
    );
  }

  pay(invoice: string, options: { signal?: AbortSignal } = {}): Promise<PaymentResult> {
    return this.client.payInvoice(invoice, options);
  }

  getBalance(options: { signal?: AbortSignal } = {}): Promise<{ balanceMsat: number }> {
    return this.client.getBalance(options);
  }
}
