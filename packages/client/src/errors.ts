/** The codes of failed list actions (spec section 4 Follow, Mute, Bookmarks; section 8). */
export const listErrorCodes = [
  'follow failed',
  'unfollow failed',
  'already-following',
  'not-following',
  'cannot-follow-self',
  'list update failed',
  'list-changed-meanwhile',
  'private-list-unreadable',
  'report failed',
] as const;

export type ListErrorCode = (typeof listErrorCodes)[number];

/**
 * The error catalogue of the client (spec section 8). Every failure the client library reports
 * carries one of these codes, so the app can translate it (`t('errors.' + code)`).
 */
export const clientErrorCodes = [
  'no_webln_extension',
  'no_nostr_extension',
  'event_not_signed',
  'no_socket',
  'invalid-nsec',
  'pubkey-no-nsec',
  'encrypt-no-nsec',
  'decrypt-no-nsec',
  'sign-no-nsec',
  'event-sig-not-verified',
  'not-secure-env',
  'bad-cipher',
  // Key storage and PIN (not in the reference catalogue, same style).
  'pin-too-short',
  'pin-mismatch',
  'pin-wrong',
  'pin-required',
  'no-stored-key',
  // NIP-49 keys (ncryptsec): bringing one in, sealing one to take away.
  'invalid-ncryptsec',
  'password-wrong',
  'password-too-short',
  'password-mismatch',
  // Connections.
  'connection timed out',
  'Reached atempt limit',
  'relay-removed',
  'request-timeout',
  'aborted',
  'closed',
  'cache-notice',
  // Writing (spec section 8 "Publishing" and user messages).
  'Failed to publish note',
  'No publish confirmation',
  'Note not signed',
  'at least one relay needed',
  'not-signed-in',
  'discarded',
  // Remote signers (NIP-46).
  'signer-disconnected',
  'signer-timeout',
  'signer-rejected',
  'invalid-bunker-url',
  ...listErrorCodes,
  // Settings (spec section 8 user messages).
  'Failed to load settings. Will be using local settings.',
  'Failed to save settings',
  // Profile and account creation (spec section 5 validation, section 8 messages).
  'profile update failed',
  'username-required',
  'username-invalid',
  'display-name-required',
  'invalid-url',
  'invalid-nip05',
  'invalid-lud16',
] as const;

export type ClientErrorCode = (typeof clientErrorCodes)[number];

/** An error with a catalogue code; `message` is the code unless a detail is given. */
export class ClientError extends Error {
  readonly code: ClientErrorCode;
  constructor(code: ClientErrorCode, detail?: string, options?: { cause?: unknown }) {
    super(detail ? `${code}: ${detail}` : code, options);
    this.name = 'ClientError';
    this.code = code;
  }
}

/** A cache request answered with NOTICE (`notice` is the server's text), or failed otherwise. */
export class CacheError extends ClientError {
  /** The NOTICE text, e.g. `invalid pubkey` or `unknown api request`. */
  readonly notice: string;
  readonly command: string;
  /** Events received before the failure (a partial answer). */
  readonly events: readonly unknown[];
  constructor(
    code: ClientErrorCode,
    command: string,
    notice: string,
    events: readonly unknown[] = [],
  ) {
    super(code, `${command}: ${notice}`);
    this.name = 'CacheError';
    this.command = command;
    this.notice = notice;
    this.events = events;
  }
}

/** True for a client error of a list action (one of `listErrorCodes`). */
export function isListError(e: unknown): e is ClientError & { code: ListErrorCode } {
  return isClientError(e) && (listErrorCodes as readonly string[]).includes(e.code);
}

export function isClientError(e: unknown, code?: ClientErrorCode): e is ClientError {
  return e instanceof ClientError && (code === undefined || e.code === code);
}
