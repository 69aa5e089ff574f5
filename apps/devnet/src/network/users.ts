import { demoAccounts, demoSecretKey } from '../demo-accounts.ts';
import { deriveSecretKey, lnurlServiceSecretKey, publicKeyHex } from '../keys.ts';
import { mediaUrl } from '../media.ts';
import type { DemoUser, NetworkBuilder } from './context.ts';
import { FIRST_NAMES, HANDLE_SUFFIXES, LOCATIONS, TOPICS } from './vocabulary.ts';

const ASCII_FOLD: Record<string, string> = { ł: 'l', Ł: 'l', ø: 'o', ß: 'ss', æ: 'ae', đ: 'd' };

function handleOf(name: string): string {
  return name
    .replace(/[łŁøßæđ]/g, (c) => ASCII_FOLD[c] ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Creates the users (demo accounts first) and publishes their kind 0 profiles. */
export function buildUsers(b: NetworkBuilder, count: number): void {
  const rng = b.rng('users');
  const taken = new Set<string>(demoAccounts.map((a) => a.name));
  const users: DemoUser[] = [];
  const total = Math.max(count, demoAccounts.length);
  for (let i = 0; i < total; i++) {
    const demo = i < demoAccounts.length;
    let name: string;
    let displayName: string;
    let secretKey: Uint8Array;
    if (demo) {
      const account = demoAccounts[i]!;
      name = account.name;
      displayName = account.displayName;
      secretKey = demoSecretKey(name);
    } else {
      const first = rng.pick(FIRST_NAMES);
      displayName = rng.chance(0.3)
        ? `${first} ${rng.pick(['⚡', '🌊', '🌱', '☕', '📷', ''])}`.trim()
        : first;
      const base = `${handleOf(first)}${rng.chance(0.6) ? `_${rng.pick(HANDLE_SUFFIXES)}` : ''}`;
      name = base;
      for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
      secretKey = deriveSecretKey(`user:${b.seed}:${i}`);
    }
    taken.add(name);
    users.push({
      index: i,
      name,
      displayName,
      secretKey,
      pubkey: b.signer.publicKey(secretKey),
      demo,
      popularity: 0,
      activity: demo ? 1.5 + rng.float() * 1.5 : Math.min(12, rng.heavyTail(0.35, 1.1)),
      topics: rng.sample(TOPICS, rng.int(1, 3)),
      follows: [],
      joinedAt: b.start - rng.int(3, 400) * 86400,
    });
  }
  // A few famous accounts, the demo accounts well known, and a long tail (Zipf).
  const order = rng.sample(
    users.filter((u) => !u.demo),
    users.length,
  );
  order.forEach((u, rank) => {
    u.popularity = rank < 5 ? 0.7 + rng.float() * 0.3 : 0.9 / (rank + 1);
  });
  users.forEach((u) => {
    if (u.demo) u.popularity = u.index === 0 ? 0.8 : 0.35 + rng.float() * 0.25;
  });
  b.users = users;

  for (const u of users) {
    const account = u.demo ? demoAccounts[u.index] : undefined;
    const topic = u.topics[0]!;
    const profile: Record<string, string> = {
      name: u.name,
      display_name: u.displayName,
      about:
        account?.about ??
        `${rng.pick(['Into', 'Mostly', 'Posting about', 'Curious about'])} ${u.topics.map((t) => t.name).join(', ')}. ${rng.pick(['#' + topic.tags[0], 'Here for the conversations.', 'Zaps welcome ⚡', 'Views my own.', ''])}`.trim(),
      picture: mediaUrl(b.baseUrl, 'avatar', u.pubkey.slice(0, 16)),
    };
    if (u.demo || rng.chance(0.7))
      profile.banner = mediaUrl(b.baseUrl, 'banner', u.pubkey.slice(16, 32));
    if (u.demo || rng.chance(0.6)) {
      profile.nip05 = `${u.name}@${b.nip05Domain}`;
      b.names.push({ name: u.name, pubkey: u.pubkey });
    }
    if (u.demo || rng.chance(0.75)) profile.lud16 = `${u.name}@${b.domain}`;
    if (rng.chance(0.4)) profile.website = `https://${u.name}.example.com`;
    if (u.demo || rng.chance(0.4)) profile.location = rng.pick(LOCATIONS);
    b.publish(
      {
        kind: 0,
        created_at: u.joinedAt + rng.int(0, 3600),
        tags: [],
        content: JSON.stringify(profile),
      },
      u.secretKey,
    );
  }
  // The LNURL service that signs zap receipts has a profile too.
  b.publish(
    {
      kind: 0,
      created_at: b.start - 400 * 86400,
      tags: [],
      content: JSON.stringify({
        name: 'devnet',
        display_name: 'Swell devnet lightning',
        about:
          'The local lightning and LNURL sandbox. It signs the zap receipts of the demo network.',
        picture: mediaUrl(b.baseUrl, 'avatar', publicKeyHex(lnurlServiceSecretKey).slice(0, 16)),
      }),
    },
    lnurlServiceSecretKey,
  );
}
