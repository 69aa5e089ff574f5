import {
  blindMessage,
  HttpResponseError,
  JSONInt,
  MintOperationError,
  pointFromHex,
  unblindSignature,
  type RequestFn,
} from '@cashu/cashu-ts';
import { bytesToHex, randomBytes } from '@noble/hashes/utils.js';
import { testServer } from '@swell/server/testing';
import { devnetExtension, type DevnetState } from '../src/index.ts';

export type DevnetTestServer = Awaited<ReturnType<typeof testServer>> & {
  devnet: DevnetState;
  mintUrl: string;
};

/** A real server with the devnet (lightning ledger and mint) on a random loopback port. */
export async function devnetServer(): Promise<DevnetTestServer> {
  const ext = devnetExtension({ demo: false, devnet: true });
  const server = await testServer({}, { extensions: [ext] });
  return { ...server, devnet: ext.state, mintUrl: `${server.url}/devnet/mint` };
}

export async function postJson<T = unknown>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: T; headers: Headers }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T, headers: res.headers };
}

/** The header of the devnet operator's controls (rotating the mint, the exchange rate, ...). */
export const operator = (server: { devnet: DevnetState }) => ({
  authorization: `Bearer ${server.devnet.operatorToken!}`,
});

export async function getJson<T = unknown>(
  url: string,
): Promise<{ status: number; json: T; headers: Headers }> {
  const res = await fetch(url);
  return { status: res.status, json: (await res.json()) as T, headers: res.headers };
}

/** Pays a devnet invoice through the development endpoint (as a user's other wallet would). */
export async function payDevnetInvoice(server: { url: string }, invoice: string) {
  const { status, json } = await postJson<{ paid: boolean; preimage: string | null }>(
    `${server.url}/devnet/pay`,
    { invoice },
  );
  if (status !== 200) throw new Error(`devnet pay failed: ${JSON.stringify(json)}`);
  return json;
}

/** A fresh devnet invoice of `sats`. */
export async function devnetInvoice(server: { url: string }, sats: number, description?: string) {
  const { json } = await postJson<{ invoice: string; paymentHash: string }>(
    `${server.url}/devnet/invoices`,
    { amountMsat: sats * 1000, ...(description ? { description } : {}) },
  );
  return json;
}

export interface RecordedRequest {
  endpoint: string;
  method: string;
  body: Record<string, unknown> | undefined;
}

/**
 * A cashu-ts transport over fetch that records every request and can "crash": `crash(args)`
 * returning 'before' throws without sending (the process died after reserving counters),
 * 'after' sends, lets the mint answer, then throws (it died before storing the answer).
 */
export function recordingTransport(
  crash: (req: RecordedRequest) => 'before' | 'after' | undefined = () => undefined,
): { request: RequestFn; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const request = (async (args: Parameters<RequestFn>[0]) => {
    const method = (args.method ?? 'GET').toUpperCase();
    const body = args.requestBody as Record<string, unknown> | undefined;
    const req = { endpoint: args.endpoint, method, body };
    const when = crash(req);
    if (when === 'before') throw new Error('simulated crash before the request');
    requests.push(req);
    const res = await fetch(args.endpoint, {
      method,
      headers: {
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSONInt.stringify(body) } : {}),
    });
    const text = await res.text();
    if (when === 'after') throw new Error('simulated crash after the mint answered');
    const json = (text ? JSONInt.parse(text) : {}) as Record<string, unknown>;
    if (!res.ok) {
      if (typeof json.code === 'number') {
        throw new MintOperationError(json.code, String(json.detail ?? 'bad response'));
      }
      throw new HttpResponseError(String(json.detail ?? 'bad response'), res.status);
    }
    return json;
  }) as RequestFn;
  return { request, requests };
}

/** Blinded messages a list of requests asked the mint to sign (mint, swap, melt; not restore). */
export function signedOutputs(requests: readonly RecordedRequest[]): string[] {
  return requests
    .filter((r) => /\/v1\/(mint|melt)\/bolt11$|\/v1\/swap$/.test(r.endpoint))
    .flatMap((r) =>
      ((r.body?.outputs as Array<{ B_: string }> | undefined) ?? []).map((o) => o.B_),
    );
}

/** A blinded message with what the wallet keeps to unblind its signature. */
export interface BlankOutput {
  amount: number;
  id: string;
  B_: string;
  secret: string;
  r: bigint;
}

/** Blinded messages of random secrets for `amounts`, blinded by hand with cashu-ts primitives. */
export function blindOutputs(keysetId: string, amounts: number[]): BlankOutput[] {
  return amounts.map((amount) => {
    const secret = bytesToHex(randomBytes(32));
    const blinded = blindMessage(new TextEncoder().encode(secret));
    return { amount, id: keysetId, B_: blinded.B_.toHex(true), secret, r: blinded.r };
  });
}

/** What goes on the wire of a list of blinded messages. */
export const wireOutputs = (os: BlankOutput[]) =>
  os.map(({ amount, id, B_ }) => ({ amount, id, B_ }));

/** Proofs from the mint's signatures on `os` (keys: amount -> public key of their keyset). */
export function unblindProofs(
  os: BlankOutput[],
  signatures: Array<{ id: string; amount: number; C_: string }>,
  keys: Record<string, string>,
): Array<{ amount: number; id: string; secret: string; C: string }> {
  return signatures.map((sig, i) => ({
    amount: sig.amount,
    id: sig.id,
    secret: os[i]!.secret,
    C: unblindSignature(
      pointFromHex(sig.C_),
      os[i]!.r,
      pointFromHex(keys[String(sig.amount)]!),
    ).toHex(true),
  }));
}
