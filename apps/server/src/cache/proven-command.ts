import type { NostrEvent } from '@swell/nostr';
import { acceptUserRequest } from '../auth/user-request.ts';
import type { CacheEvent } from '@swell/cache-protocol';
import type { CacheRequest, CommandHandler, StreamHandler } from './request.ts';

/**
 * The signed request a command needs (`event_from_user`, `operation_event`, ...), declared with
 * the command so that the check cannot be forgotten and every such command can be listed (the
 * proof suite, test/request-proofs.test.ts, runs each against a published event).
 */
export interface RequestProof {
  /** Payload fields that may carry it; the first one present is checked. */
  fields: readonly [string, ...string[]];
  kind: number;
  /** How far created_at may be from now (default USER_REQUEST_WINDOW_SECONDS). */
  windowSeconds?: number;
  /** The command's check of tags (and content); a string is the refusal reason. */
  check?: (event: NostrEvent) => string | undefined;
  /** The content is large (upload chunks): the id is hashed off the event loop. */
  largeContent?: boolean;
}

type Proven<H> = H & { readonly proof: RequestProof };

/** The field of `proof` this request carries (the first present), for checks and messages. */
export function proofField(req: Pick<CacheRequest, 'payload'>, proof: RequestProof): string {
  return proof.fields.find((f) => req.payload[f] !== undefined) ?? proof.fields[0];
}

/** The one check (auth/user-request.ts): fresh, of the kind and tags, never published, once. */
export function proveRequest(req: CacheRequest, proof: RequestProof): Promise<NostrEvent> {
  const field = proofField(req, proof);
  return acceptUserRequest(
    req.payload[field],
    {
      field,
      kind: proof.kind,
      now: req.now,
      ...(proof.windowSeconds !== undefined ? { windowSeconds: proof.windowSeconds } : {}),
      ...(proof.check ? { check: proof.check } : {}),
      ...(proof.largeContent ? { largeContent: true } : {}),
    },
    { replays: req.ctx.replays, store: req.store },
  );
}

/** A command that runs only with a proven request; `handler` gets the proven event. */
export function proven(
  proof: RequestProof,
  handler: (req: CacheRequest, event: NostrEvent) => Promise<void>,
): Proven<CommandHandler> {
  const run: CommandHandler = async (req) => handler(req, await proveRequest(req, proof));
  return Object.assign(run, { proof });
}

/** A streaming command that starts only with a proven request. */
export function provenStream(
  proof: RequestProof,
  handler: (
    req: CacheRequest,
    event: NostrEvent,
    push: (events: Array<CacheEvent | NostrEvent>) => void,
  ) => Promise<() => void>,
): Proven<StreamHandler> {
  const run: StreamHandler = async (req, push) =>
    handler(req, await proveRequest(req, proof), push);
  return Object.assign(run, { proof });
}

/** The proof a command declared (`proven`), if any. */
export function proofOf(handler: unknown): RequestProof | undefined {
  return typeof handler === 'function' ? (handler as { proof?: RequestProof }).proof : undefined;
}

/** `wrapper` declaring the same proof as `handler` (for wrappers such as the wallet's). */
export function sameProof<W extends object>(wrapper: W, handler: unknown): W {
  const proof = proofOf(handler);
  return proof ? Object.assign(wrapper, { proof }) : wrapper;
}
