import { MEMBERSHIP_REQUEST_KIND } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { sameProof, type RequestProof } from '../cache/proven-command.ts';
import {
  CacheError,
  type CacheRequest,
  type CommandHandler,
  type StreamHandler,
} from '../cache/request.ts';
import { MembershipError } from '../membership/membership-service.ts';

const HEX64 = /^[0-9a-f]{64}$/;

/** p tags of an event. */
export function pTags(e: NostrEvent): string[] {
  return e.tags.filter((t) => t[0] === 'p' && typeof t[1] === 'string').map((t) => t[1]!);
}

function memberRequest(about: 'self' | 'any'): RequestProof {
  return {
    fields: ['event_from_user'],
    kind: MEMBERSHIP_REQUEST_KIND,
    check: (e) => {
      const ps = pTags(e);
      if (ps.length > 1) return 'at most one p tag';
      if (ps[0] !== undefined && !HEX64.test(ps[0])) return 'invalid p tag';
      if (about === 'self' && ps[0] !== undefined && ps[0] !== e.pubkey)
        return 'the p tag must be the signer';
      return undefined;
    },
  };
}

/**
 * The fresh signed request of the user (`event_from_user`, kind 30078) of a membership command,
 * checked by the one user request check (auth/user-request.ts: signature, freshness, never
 * published, used once), for reads of private data (purchase history, media, backups) as much
 * as for changes. Its p tag, when there is one, must be the signer...
 */
export const MEMBER_REQUEST = memberRequest('self');

/** ...or may be anyone: a purchase for someone else, the status of a gift's recipient. */
export const MEMBER_REQUEST_ABOUT_ANYONE = memberRequest('any');

/** The event's content as a JSON object (empty content is `{}`). */
export function contentObject(e: NostrEvent, field = 'event_from_user'): Record<string, unknown> {
  if (e.content.trim() === '') return {};
  let v: unknown;
  try {
    v = JSON.parse(e.content);
  } catch {
    throw new CacheError(`invalid ${field}: content must be JSON`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new CacheError(`invalid ${field}: content must be a JSON object`);
  return v as Record<string, unknown>;
}

/** The host members' names are shown with (`name@host`): the public URL's, else the one reached. */
export function publicHost(req: CacheRequest): string {
  return new URL(req.ctx.config.publicUrl ?? req.baseUrl).host;
}

/** A membership refusal (MembershipError) goes to the client as a NOTICE with its text. */
export function asCommand(handler: CommandHandler): CommandHandler {
  const run: CommandHandler = async (req) => {
    try {
      await handler(req);
    } catch (err) {
      if (err instanceof MembershipError) throw new CacheError(err.message);
      throw err;
    }
  };
  return sameProof(run, handler);
}

export function asStream(handler: StreamHandler): StreamHandler {
  const run: StreamHandler = async (req, push) => {
    try {
      return await handler(req, push);
    } catch (err) {
      if (err instanceof MembershipError) throw new CacheError(err.message);
      throw err;
    }
  };
  return sameProof(run, handler);
}
