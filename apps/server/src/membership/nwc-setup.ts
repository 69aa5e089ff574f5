import { randomBytes } from 'node:crypto';
import {
  isPaymentError,
  NwcClient,
  tryParseNwcUri,
  WebSocketRelayTransport,
  type NwcConnection,
} from '@swell/wallet';

/** The methods a connection needs to take payments; notifications are used when offered. */
export const NWC_REQUIRED_METHODS = ['make_invoice', 'lookup_invoice'] as const;

/**
 * Why the wallet connection cannot be used: the message says what is wrong and never contains
 * the connection's secret. The server does not start with it.
 */
export class NwcSetupError extends Error {
  override name = 'NwcSetupError';
}

/** A checked connection: the client, and what the wallet told about itself. */
export interface NwcSetup {
  connection: NwcConnection;
  client: NwcClient;
  transport: WebSocketRelayTransport;
  /** The wallet sends `payment_received` notifications (kinds 23196/23197). */
  notifies: boolean;
}

const setupError = (message: string) => new NwcSetupError(`SWELL_NWC_URL: ${message}`);

/** Opens a websocket to `url` and closes it: undefined when it opened, else why not. */
function probeRelay(url: string, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch (err) {
      resolve((err as Error).message);
      return;
    }
    const done = (why: string | undefined) => {
      clearTimeout(timer);
      ws.onopen = ws.onerror = ws.onclose = null;
      try {
        ws.close();
      } catch {
        // closing anyway
      }
      resolve(why);
    };
    const timer = setTimeout(() => done(`no connection within ${timeoutMs} ms`), timeoutMs);
    ws.onopen = () => done(undefined);
    ws.onerror = () => done('connection failed');
    ws.onclose = () => done('connection closed');
  });
}

function missing(methods: readonly string[]): string | undefined {
  return NWC_REQUIRED_METHODS.find((m) => !methods.includes(m));
}

/**
 * Parses the connection string and checks the connection before the server takes a payment with
 * it: the relay answers, the wallet's info event (kind 13194) is there and names an encryption
 * this server speaks (NIP-44 preferred, else NIP-04) and the methods `make_invoice` and
 * `lookup_invoice`; `get_info` (when offered) and a `lookup_invoice` of an unknown invoice show
 * that the wallet knows this connection (not revoked) and lets it use them. Throws
 * `NwcSetupError` naming the problem.
 */
export async function checkNwcConnection(
  uri: string,
  opts: { timeoutMs?: number } = {},
): Promise<NwcSetup> {
  const parsed = tryParseNwcUri(uri);
  if (!parsed.ok) throw setupError(parsed.reason);
  const connection = parsed.connection;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const transport = new WebSocketRelayTransport({
    connectTimeoutMs: timeoutMs,
    eoseTimeoutMs: timeoutMs,
    publishTimeoutMs: timeoutMs,
  });
  const client = new NwcClient(connection, { transport, timeoutMs });
  const relays = connection.relays.join(', ');
  // NIP-47 asks the wallet on every relay of the string; one that answers is enough.
  const probes = await Promise.all(connection.relays.map((r) => probeRelay(r, timeoutMs)));
  if (probes.every((p) => p !== undefined))
    throw setupError(`the wallet's relay ${relays} could not be reached (${probes.join('; ')})`);
  try {
    let info;
    try {
      info = await client.walletInfo();
    } catch (err) {
      throw setupError(
        `the wallet's relay ${relays} could not be reached (${(err as Error).message})`,
      );
    }
    if (!info)
      throw setupError(
        `no info event (kind 13194) of wallet ${connection.walletPubkey} on ${relays}: check the wallet's public key and relay in the connection string, and that the wallet service is running`,
      );
    if (info.encryptions.length === 0)
      throw setupError(
        'wrong encryption: the wallet advertises no encryption this server speaks (nip44_v2 or nip04)',
      );
    let methods = info.methods;
    let notifications = info.notifications;
    const lacking = (m: string) =>
      setupError(
        `the wallet connection lacks the ${m} permission (it offers: ${methods.join(' ') || 'nothing'}); make a connection that may make and look up invoices`,
      );
    const problem = missing(methods);
    if (problem) throw lacking(problem);
    const refused = (err: unknown, method: string): NwcSetupError => {
      if (!isPaymentError(err)) return setupError(`${method} failed: ${String(err)}`);
      switch (err.walletCode) {
        case 'UNAUTHORIZED':
          return setupError(
            `the wallet refused this connection (UNAUTHORIZED: ${err.message}): it was revoked, or the secret is wrong`,
          );
        case 'RESTRICTED':
        case 'NOT_IMPLEMENTED':
          return lacking(method);
        case 'UNSUPPORTED_ENCRYPTION':
          return setupError(
            `wrong encryption: the wallet refused the encryption of the request (${err.message})`,
          );
      }
      if (err.code === 'timeout')
        return setupError(
          `the wallet did not answer ${method} on ${relays} within ${Math.round(timeoutMs / 1000)} s: is the wallet service running, and is this connection still there?`,
        );
      if (err.code === 'unreachable')
        return setupError(`the wallet's relay ${relays} could not be reached (${err.message})`);
      return setupError(`${method} failed (${err.walletCode ?? err.code}: ${err.message})`);
    };
    if (methods.includes('get_info')) {
      try {
        const got = await client.getInfo();
        // A wallet that tells this connection's own permissions: those count.
        if (got.methods.length > 0) methods = got.methods;
        if (got.notifications.length > 0) notifications = got.notifications;
      } catch (err) {
        throw refused(err, 'get_info');
      }
      const lacks = missing(methods);
      if (lacks) throw lacking(lacks);
    }
    try {
      await client.request('lookup_invoice', { payment_hash: randomBytes(32).toString('hex') });
    } catch (err) {
      // An unknown invoice is the expected answer (NOT_FOUND, or another wallet's error).
      const code = isPaymentError(err) ? err.walletCode : undefined;
      if (
        !isPaymentError(err) ||
        code === 'UNAUTHORIZED' ||
        code === 'RESTRICTED' ||
        code === 'NOT_IMPLEMENTED' ||
        code === 'UNSUPPORTED_ENCRYPTION' ||
        (code === undefined && err.code !== 'wallet_error')
      )
        throw refused(err, 'lookup_invoice');
    }
    return {
      connection,
      client,
      transport,
      notifies: notifications.includes('payment_received'),
    };
  } catch (err) {
    transport.close();
    throw err;
  }
}
