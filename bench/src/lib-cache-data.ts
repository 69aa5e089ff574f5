import { createHash } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  renameSync,
  writeFileSync,
  readFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { initNostrWasm } from 'nostr-wasm';

/** What the cache benchmark queries, written next to the generated events. */
export interface CacheDataPlan {
  events: number;
  users: number;
  /** Pubkeys of the readers (each follows `follows` users). */
  readers: string[];
  /** Notes with many replies (thread_view targets). */
  threads: string[];
  /** Every user's pubkey (user_infos picks from them). */
  pubkeys: string[];
}

/** A small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'nostr bitcoin relay zap note client protocol freedom lightning ecash value open source build ship morning coffee music art sats signal'.split(
    ' ',
  );

/**
 * Generates `total` signed events (deterministic for a seed) into `dir/events-<total>.jsonl`:
 * kind 0 and kind 3 of every user (50 readers follow `follows` users each, others 20), then
 * notes (a quarter are replies, some to a few very popular threads), reactions, reposts, zap
 * receipts and articles, spread over 30 days. Returns the plan; reuses an existing file.
 */
export async function generateCacheData(
  dir: string,
  total: number,
  users: number,
  follows: number,
  log: (s: string) => void,
): Promise<{ file: string; plan: CacheDataPlan }> {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `events-${total}.jsonl`);
  const planFile = join(dir, `events-${total}.plan.json`);
  if (existsSync(file) && existsSync(planFile)) {
    return { file, plan: JSON.parse(readFileSync(planFile, 'utf8')) as CacheDataPlan };
  }
  const nostr = await initNostrWasm();
  const rand = rng(42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const keys: Uint8Array[] = [];
  const pubkeys: string[] = [];
  for (let i = 0; i < users; i++) {
    const sk = createHash('sha256').update(`swell-bench-user-${i}`).digest();
    keys.push(new Uint8Array(sk));
    pubkeys.push(Buffer.from(nostr.getPublicKey(sk)).toString('hex'));
  }
  const wallet = new Uint8Array(createHash('sha256').update('swell-bench-wallet').digest());
  // Popularity: authors with a low index are followed and answered more (a heavy tail).
  const popular = () => Math.floor(users * rand() ** 3);
  const aux = new Uint8Array(32);
  const tmp = `${file}.tmp`;
  const out = createWriteStream(tmp);
  let written = 0;
  const write = async (line: string) => {
    written++;
    if (!out.write(`${line}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  };
  const sign = (
    sk: Uint8Array,
    kind: number,
    created_at: number,
    tags: string[][],
    content: string,
  ) => {
    const e = { id: '', pubkey: '', sig: '', kind, created_at, tags, content };
    nostr.finalizeEvent(e, sk, aux);
    return e;
  };
  const end = Math.floor(Date.now() / 1000) - 120;
  const start = end - 30 * 86400;
  const started = Date.now();
  const readers = pubkeys.slice(0, 50);
  for (let i = 0; i < users; i++) {
    await write(
      JSON.stringify(
        sign(
          keys[i]!,
          0,
          start - 1000,
          [],
          JSON.stringify({
            name: `user${i}`,
            about: `bench user ${i}`,
            picture: `https://example.com/avatars/${i}.jpg`,
          }),
        ),
      ),
    );
  }
  for (let i = 0; i < users; i++) {
    const n = i < readers.length ? follows : 20;
    const set = new Set<number>();
    while (set.size < Math.min(n, users - 1)) {
      const j = i < readers.length ? Math.floor(rand() * users) : popular();
      if (j !== i) set.add(j);
    }
    await write(
      JSON.stringify(
        sign(
          keys[i]!,
          3,
          start - 500,
          [...set].map((j) => ['p', pubkeys[j]!]),
          '',
        ),
      ),
    );
  }
  const remaining = total - 2 * users;
  const notes: Array<{ id: string; pubkey: string }> = [];
  const recent = (n: number) =>
    notes[notes.length - 1 - Math.floor(rand() * Math.min(n, notes.length))]!;
  const threads: Array<{ id: string; pubkey: string }> = [];
  for (let k = 0; k < remaining; k++) {
    const at = start + Math.floor(((k + rand()) / remaining) * (end - start));
    const author = rand() < 0.5 ? popular() : Math.floor(rand() * users);
    const sk = keys[author]!;
    const r = rand();
    let e;
    if (notes.length < 100 || r < 0.66) {
      const words = Array.from({ length: 5 + Math.floor(rand() * 30) }, () => pick(WORDS)).join(
        ' ',
      );
      if (notes.length > 100 && rand() < 0.25) {
        const target = threads.length === 10 && rand() < 0.05 ? pick(threads) : recent(5000);
        e = sign(
          sk,
          1,
          at,
          [
            ['e', target.id, '', 'root'],
            ['p', target.pubkey],
          ],
          words,
        );
      } else {
        e = sign(
          sk,
          1,
          at,
          rand() < 0.1 ? [['t', pick(WORDS)]] : [],
          rand() < 0.1 ? `${words} https://example.com/img/${k}.jpg` : words,
        );
        if (threads.length < 10 && notes.length > 1000 && rand() < 0.01)
          threads.push({ id: e.id, pubkey: e.pubkey });
      }
      notes.push({ id: e.id, pubkey: e.pubkey });
    } else if (r < 0.88) {
      const t = recent(20000);
      e = sign(
        sk,
        7,
        at,
        [
          ['e', t.id],
          ['p', t.pubkey],
        ],
        '+',
      );
    } else if (r < 0.94) {
      const t = recent(20000);
      e = sign(
        sk,
        6,
        at,
        [
          ['e', t.id],
          ['p', t.pubkey],
        ],
        '',
      );
    } else if (r < 0.995) {
      const t = recent(20000);
      const sats = pick([21, 100, 1000, 5000]);
      const request = sign(
        sk,
        9734,
        at,
        [
          ['p', t.pubkey],
          ['e', t.id],
          ['amount', String(sats * 1000)],
          ['relays', 'wss://relay.example'],
        ],
        '',
      );
      e = sign(
        wallet,
        9735,
        at,
        [
          ['p', t.pubkey],
          ['e', t.id],
          ['P', request.pubkey],
          ['bolt11', `lnbc${sats * 10}n1pbench`],
          ['description', JSON.stringify(request)],
        ],
        '',
      );
    } else {
      const words = Array.from({ length: 300 }, () => pick(WORDS)).join(' ');
      e = sign(
        sk,
        30023,
        at,
        [
          ['d', `article-${k}`],
          ['title', 'A bench article'],
          ['t', pick(WORDS)],
        ],
        words,
      );
    }
    await write(JSON.stringify(e));
    if (notes.length > 40000) notes.splice(0, 20000);
    if (written % 100000 === 0)
      log(`  generated ${written} events (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await new Promise<void>((r) => out.end(() => r()));
  renameSync(tmp, file);
  const plan: CacheDataPlan = {
    events: total,
    users,
    readers,
    threads: threads.map((t) => t.id),
    pubkeys,
  };
  writeFileSync(planFile, JSON.stringify(plan));
  log(`  generated ${written} events in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { file, plan };
}
