import { encodeLnurl } from '@swell/wallet';
import { lnurlServiceSecretKey } from '../keys.ts';
import { zapInvoice, zapReceiptTemplate } from '../zap.ts';
import type { Rng } from '../rng.ts';
import type { DemoUser, NetworkBuilder } from './context.ts';
import { ZAP_MESSAGES } from './vocabulary.ts';

const AMOUNTS_SATS = [
  21, 21, 42, 69, 100, 210, 420, 500, 1000, 1000, 2100, 5000, 10000, 21000, 100000,
];

export interface ZapTarget {
  e?: string;
  a?: string;
  k?: string;
}

/**
 * One zap: a signed zap request (9734) by the sender inside a receipt (9735) signed by the LNURL
 * service, whose bolt11 carries the requested amount and the request's description hash. `sats`
 * is drawn from the usual amounts unless given; `tags` go into the request (a zap poll vote's
 * `poll_option`).
 */
export function publishZap(
  b: NetworkBuilder,
  rng: Rng,
  sender: DemoUser,
  recipient: DemoUser,
  at: number,
  target: ZapTarget,
  opts: { sats?: number; tags?: string[][] } = {},
): void {
  const amountMsat = (opts.sats ?? rng.pick(AMOUNTS_SATS)) * 1000;
  const tags: string[][] = [
    ['relays', b.relayUrl],
    ['amount', String(amountMsat)],
    ['lnurl', encodeLnurl(`${b.baseUrl}/.well-known/lnurlp/${recipient.name}`).toLowerCase()],
    ['p', recipient.pubkey],
  ];
  if (target.e) tags.push(['e', target.e]);
  if (target.a) tags.push(['a', target.a]);
  if (target.k) tags.push(['k', target.k]);
  tags.push(...(opts.tags ?? []));
  const requestAt = b.after(rng, at, 5 * 3600);
  const request = b.signer.sign(
    { kind: 9734, created_at: requestAt, tags, content: rng.pick(ZAP_MESSAGES) },
    sender.secretKey,
  );
  const preimage = rng.bytes(32);
  const { bolt11 } = zapInvoice({
    zapRequest: request,
    amountMsat,
    timestamp: requestAt,
    preimage,
  });
  const paidAt = Math.min(b.now, requestAt + rng.int(1, 8));
  b.publish(
    zapReceiptTemplate({
      zapRequest: request,
      bolt11,
      preimage: Buffer.from(preimage).toString('hex'),
      paidAt,
    }),
    lnurlServiceSecretKey,
  );
}

/** Zaps of notes, articles and profiles (every demo account gets some). */
export function buildZaps(b: NetworkBuilder): void {
  const rng = b.rng('zaps');
  const weights = b.users.map((u) => u.activity + 0.3);
  const zap = (sender: DemoUser, recipient: DemoUser, at: number, target: ZapTarget) =>
    publishZap(b, rng, sender, recipient, at, target);
  for (const note of b.notes) {
    if (note.deleted) continue;
    const pop = note.author.popularity * (note.depth === 0 ? 1 : 0.2);
    const count = Math.min(20, Math.floor(rng.heavyTail(0.02 + pop * 1.5, 1)));
    for (let i = 0; i < count; i++) {
      zap(b.pickUser(rng, weights, note.author), note.author, note.event.created_at, {
        e: note.event.id,
        k: '1',
      });
    }
  }
  for (const article of b.articles) {
    for (let i = rng.int(1, 6); i > 0; i--) {
      zap(b.pickUser(rng, weights, article.author), article.author, article.event.created_at, {
        e: article.event.id,
        a: article.coordinate,
        k: '30023',
      });
    }
  }
  // Profile zaps (no note), so every demo account has some in its notifications.
  for (const u of b.users.filter((x) => x.demo)) {
    for (let i = 0; i < 3; i++)
      zap(b.pickUser(rng, weights, u), u, b.start + rng.int(0, b.now - b.start), {});
  }
}
