import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What SWELL_DEVNET_OPERATOR_TOKEN may be: 16 to 256 visible ASCII characters. */
const TOKEN_PATTERN = /^[\x21-\x7e]{16,256}$/;

/** A fresh operator token (32 random bytes, base64url): what `npm start` prints. */
export function newOperatorToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Checks a configured token; the error never repeats it. */
export function checkedOperatorToken(token: string): string {
  if (!TOKEN_PATTERN.test(token)) {
    throw new Error('SWELL_DEVNET_OPERATOR_TOKEN must be 16 to 256 visible characters (no spaces)');
  }
  return token;
}

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const m = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '');
  return m?.[1];
}

/** Whether two secrets are equal, in time independent of where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

export const OPERATOR_TOKEN_MISSING =
  'this devnet control needs the operator token: send Authorization: Bearer <token> (the token npm start prints, or SWELL_DEVNET_OPERATOR_TOKEN)';
export const OPERATOR_TOKEN_WRONG = 'wrong operator token';

/** Answers a refused devnet control: 401 without a token, 403 with a wrong one. */
export function refuse(reply: FastifyReply, status: 401 | 403, message: string): FastifyReply {
  if (status === 401) reply.header('www-authenticate', 'Bearer realm="swell-devnet"');
  return reply.code(status).send({ error: message });
}

/**
 * A `preHandler` for the devnet controls that change the service for everyone (rotating the
 * mint's keyset and its fee, the exchange rate, switching the bunker off): the request must carry
 * `Authorization: Bearer <operator token>`. The token is never logged.
 */
export function requireOperator(token: string) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const given = bearerToken(req);
    if (given === undefined) return refuse(reply, 401, OPERATOR_TOKEN_MISSING);
    if (!sameSecret(given, token)) return refuse(reply, 403, OPERATOR_TOKEN_WRONG);
  };
}

/** A route option that lets only the operator through (see `requireOperator`). */
export const operatorOnly = (token: string) => ({ preHandler: requireOperator(token) });
