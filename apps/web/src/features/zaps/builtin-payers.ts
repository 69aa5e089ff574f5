import { hasWebLn, WebSocketRelayTransport, NwcPayer, WebLnPayer } from '@swell/wallet';
import { hasNwcConnection, readNwcConnection } from '@/features/zaps/nwc-connection.ts';
import { registerPayerSource } from '@/features/zaps/payer-registry.ts';
import { ecashPayerSource } from '@/features/wallet/ecash-payer-source.ts';

let transport: WebSocketRelayTransport | null = null;

/** One relay transport for wallet connect (its relays stay out of the user's relay pool). */
export function nwcTransport(): WebSocketRelayTransport {
  transport ??= new WebSocketRelayTransport();
  return transport;
}

/** A payer for a connection string (Settings > Zaps tests a pasted one with it). */
export function nwcPayerFor(uri: string): NwcPayer {
  return new NwcPayer(uri, { transport: nwcTransport() });
}

let registered = false;

/**
 * Registers the built-in sources once: the WebLN extension first, then wallet connect, then the
 * ecash wallet of this device.
 */
export function registerBuiltinPayers(): void {
  if (registered) return;
  registered = true;
  registerPayerSource({
    id: 'webln',
    label: 'zaps.payer.webln',
    priority: 100,
    available: hasWebLn,
    create: () => Promise.resolve(new WebLnPayer()),
  });
  registerPayerSource({
    id: 'nwc',
    label: 'zaps.payer.nwc',
    priority: 80,
    available: hasNwcConnection,
    create: async () => {
      const uri = await readNwcConnection();
      if (!uri) throw new Error('no wallet connection');
      return nwcPayerFor(uri);
    },
  });
  registerPayerSource(ecashPayerSource);
}
