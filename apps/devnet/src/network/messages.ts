import { nip04Encrypt } from '@swell/nostr';
import { giftWrap, makeRumor } from '../gift-wrap.ts';
import type { DemoUser, NetworkBuilder } from './context.ts';

const LINES = [
  'hey! are you coming to the meetup on friday?',
  'yes, wouldn’t miss it',
  'did you see the new release?',
  'not yet, anything good?',
  'can you send me that photo from yesterday?',
  'sure, give me a minute',
  'thanks for the zap ⚡',
  'haha you earned it',
  'coffee tomorrow at 10?',
  'perfect, see you there ☕',
  'my node is finally synced',
  'nice! open a channel to me',
  'que tal? todo bien?',
  'all good, busy week',
  'let me know when the article is out',
  'draft is almost done, want to read it first?',
];

function conversation(
  b: NetworkBuilder,
  x: DemoUser,
  y: DemoUser,
  label: string,
  nip17: boolean,
): void {
  const rng = b.rng(`dm:${label}`);
  let at = b.start + rng.int(0, b.now - b.start - 86400);
  const count = nip17 ? rng.int(3, 6) : rng.int(4, 12);
  for (let i = 0; i < count; i++) {
    const [from, to] = i % 2 === 0 || rng.chance(0.2) ? [x, y] : [y, x];
    at = b.after(rng, at, 40 * 60);
    const text = rng.pick(LINES);
    if (!nip17) {
      b.publish(
        {
          kind: 4,
          created_at: at,
          tags: [['p', to.pubkey]],
          content: nip04Encrypt(from.secretKey, to.pubkey, text, rng.bytes(16)),
        },
        from.secretKey,
      );
      continue;
    }
    const rumor = makeRumor(from.pubkey, at, [['p', to.pubkey]], text);
    // One wrap for the recipient and one for the sender's other devices (NIP-17).
    b.events.push(giftWrap(rumor, from.secretKey, to.pubkey, b.signer, rng));
    b.events.push(giftWrap(rumor, from.secretKey, from.pubkey, b.signer, rng));
  }
}

/** Direct messages: NIP-04 (kind 4) and NIP-17 gift wraps (kind 1059), demo accounts included. */
export function buildMessages(b: NetworkBuilder): void {
  const rng = b.rng('messages');
  const demo = b.users.filter((u) => u.demo);
  const others = b.users.filter((u) => !u.demo);
  for (const d of demo) {
    for (const peer of demo.filter((p) => p.index > d.index && (p.index + d.index) % 3 !== 0)) {
      conversation(b, peer, d, `${d.index}-${peer.index}`, false);
    }
    for (const peer of rng.sample(others, 3))
      conversation(b, peer, d, `${d.index}-${peer.index}`, false);
    conversation(b, demo[(d.index + 1) % demo.length]!, d, `nip17-${d.index}`, true);
    conversation(b, rng.pick(others), d, `nip17-other-${d.index}`, true);
  }
  for (let i = 0; i < Math.round(others.length / 10); i++) {
    const [x, y] = rng.sample(others, 2);
    if (x && y) conversation(b, x, y, `others-${i}`, false);
  }
}
