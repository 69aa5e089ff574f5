import {
  isNip04Payload,
  nip04Decrypt,
  nip04Encrypt,
  nip44DecryptFrom,
  nip44EncryptTo,
  type NostrEvent,
} from '@swell/nostr';

/** NIP-47 event kinds. */
export const NwcKind = {
  info: 13194,
  request: 23194,
  response: 23195,
  /** Notifications encrypted with NIP-04 (legacy) and NIP-44. */
  notificationNip04: 23196,
  notification: 23197,
} as const;

/** The encryption schemes NIP-47 names: `nip44_v2` (preferred) and `nip04` (legacy). */
export type NwcEncryption = 'nip44_v2' | 'nip04';

/** The NIP-47 error codes a wallet service answers with. */
export type NwcErrorCode =
  | 'RATE_LIMITED'
  | 'NOT_IMPLEMENTED'
  | 'INSUFFICIENT_BALANCE'
  | 'QUOTA_EXCEEDED'
  | 'RESTRICTED'
  | 'UNAUTHORIZED'
  | 'INTERNAL'
  | 'UNSUPPORTED_ENCRYPTION'
  | 'PAYMENT_FAILED'
  | 'NOT_FOUND'
  | 'OTHER';

export interface NwcRequest {
  method: string;
  params: Record<string, unknown>;
}

export interface NwcResponse {
  result_type: string;
  error: { code: string; message: string } | null;
  result: Record<string, unknown> | null;
}

/** What a wallet's info event (kind 13194) advertises. */
export interface NwcInfo {
  /** Supported methods, e.g. `pay_invoice get_balance`. */
  methods: string[];
  /** Schemes the wallet accepts; a wallet without an `encryption` tag speaks NIP-04 only. */
  encryptions: NwcEncryption[];
  notifications: string[];
}

/** Reads a kind 13194 info event. */
export function parseNwcInfo(event: Pick<NostrEvent, 'content' | 'tags'>): NwcInfo {
  const words = (s: string | undefined) => (s ?? '').split(/\s+/).filter((w) => w !== '');
  const tag = (name: string) => event.tags.find((t) => t[0] === name)?.[1];
  const advertised = event.tags.some((t) => t[0] === 'encryption')
    ? words(tag('encryption'))
    : ['nip04'];
  const encryptions = advertised.filter(
    (e): e is NwcEncryption => e === 'nip44_v2' || e === 'nip04',
  );
  return {
    methods: words(event.content),
    encryptions,
    notifications: words(tag('notifications')),
  };
}

/** The scheme to use with a wallet: NIP-44 when it advertises it, else NIP-04. */
export function chooseEncryption(info: NwcInfo | undefined): NwcEncryption {
  return info?.encryptions.includes('nip44_v2') ? 'nip44_v2' : 'nip04';
}

/** The scheme a request or response says it uses: its `encryption` tag, else NIP-04. */
export function encryptionOf(event: Pick<NostrEvent, 'tags'>): string {
  return event.tags.find((t) => t[0] === 'encryption')?.[1]?.trim() || 'nip04';
}

export function nwcEncrypt(
  scheme: NwcEncryption,
  secretKey: Uint8Array,
  peer: string,
  plaintext: string,
): string {
  return scheme === 'nip44_v2'
    ? nip44EncryptTo(secretKey, peer, plaintext)
    : nip04Encrypt(secretKey, peer, plaintext);
}

/** Decrypts a payload, recognising a NIP-04 payload by its shape whatever the tags say. */
export function nwcDecrypt(secretKey: Uint8Array, peer: string, payload: string): string {
  return isNip04Payload(payload)
    ? nip04Decrypt(secretKey, peer, payload)
    : nip44DecryptFrom(secretKey, peer, payload);
}

/** Parses a decrypted response; undefined when it is not the NIP-47 response shape. */
export function parseNwcResponse(plaintext: string): NwcResponse | undefined {
  let json: unknown;
  try {
    json = JSON.parse(plaintext);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const r = json as Record<string, unknown>;
  const error = r.error;
  const hasError = typeof error === 'object' && error !== null;
  // A wallet that could not read the request may not know its method: an error still counts.
  if (typeof r.result_type !== 'string' && !hasError) return undefined;
  const result = r.result;
  let parsedError: NwcResponse['error'] = null;
  if (hasError) {
    const e = error as Record<string, unknown>;
    parsedError = {
      code: typeof e.code === 'string' ? e.code : 'OTHER',
      message: typeof e.message === 'string' ? e.message : '',
    };
  }
  return {
    result_type: typeof r.result_type === 'string' ? r.result_type : '',
    error: parsedError,
    result:
      typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : null,
  };
}

/** Parses a decrypted request; undefined when it is not the NIP-47 request shape. */
export function parseNwcRequest(plaintext: string): NwcRequest | undefined {
  let json: unknown;
  try {
    json = JSON.parse(plaintext);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const r = json as Record<string, unknown>;
  if (typeof r.method !== 'string') return undefined;
  const params = r.params;
  return {
    method: r.method,
    params:
      typeof params === 'object' && params !== null && !Array.isArray(params)
        ? (params as Record<string, unknown>)
        : {},
  };
}
