import { createPublicKey, verify } from 'node:crypto';

/** A VAPID `Authorization` header (RFC 8292) that checked out: the sender's public key. */
export interface VapidClaim {
  /** base64url of the uncompressed P-256 point (`k=`). */
  key: string;
  subject: string;
  /** Unix seconds. */
  expires: number;
}

const b64json = (part: string): Record<string, unknown> | undefined => {
  try {
    const v = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` as a push service must (RFC 8292
 * sections 2-3): an ES256 token signed by `k`, for this push service's origin (`aud`), not
 * expired and at most 24 hours ahead, with a `mailto:` or `https:` contact. The reason as a
 * string when it does not hold.
 */
export function checkVapid(
  header: string | undefined,
  audience: string,
  nowSeconds: number,
): VapidClaim | string {
  const m = /^vapid\s+(.*)$/i.exec(header?.trim() ?? '');
  if (!m) return 'missing vapid authorization';
  const params = new Map<string, string>();
  for (const part of m[1]!.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) return 'vapid authorization needs t and k';
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return 'k must be a P-256 public key';
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) return 'malformed token';
  const head = b64json(h);
  const claims = b64json(p);
  if (head?.alg !== 'ES256') return 'token must be ES256';
  if (!claims) return 'malformed token';
  if (claims.aud !== audience) return `token audience must be ${audience}`;
  const exp = claims.exp;
  if (typeof exp !== 'number' || exp <= nowSeconds) return 'token expired';
  if (exp > nowSeconds + 24 * 3600) return 'token expires more than 24 hours ahead';
  const sub = claims.sub;
  if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub))
    return 'token subject must be mailto: or https:';
  let ok: boolean;
  try {
    const publicKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    ok = verify(
      'sha256',
      Buffer.from(`${h}.${p}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(s, 'base64url'),
    );
  } catch {
    return 'k must be a P-256 public key';
  }
  if (!ok) return 'bad token signature';
  return { key: raw.toString('base64url'), subject: sub, expires: exp };
}
