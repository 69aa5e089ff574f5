// `npm run bench -- entity-store [--pages N]`: memory of the client's entity store over a long
// session. Pages of 20 notes (each with its author's profile, stats, actions and media) arrive
// as from scrolling many feeds; a view holds the last 200 notes, and every 50 pages the user
// navigates (the view is released and a new one starts). Prints the JS heap after a forced GC
// and what the store holds, for the default caps and for a store that never prunes.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { randomBytes } from 'node:crypto';
import { decodePage, type FeedPage } from '@swell/cache-protocol';
import { EntityStore, type StoreLease } from '@swell/client';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const hex = (n: number) => randomBytes(n).toString('hex');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A page shaped like a real answer (not signed: the store does not verify). */
function syntheticPage(t: number): FeedPage {
  const events: unknown[] = [];
  for (let i = 0; i < 20; i++) {
    const pubkey = hex(32);
    const id = hex(32);
    const url = `https://media.example/${hex(8)}.jpg`;
    events.push({
      id,
      pubkey,
      created_at: t - i,
      kind: 1,
      tags: [
        ['p', hex(32)],
        ['t', 'nostr'],
      ],
      content: `${'A note of ordinary length with a link and some words. '.repeat(5)} ${url}`,
      sig: hex(64),
    });
    events.push({
      id: hex(32),
      pubkey,
      created_at: t - 1000,
      kind: 0,
      tags: [],
      content: JSON.stringify({
        name: `user${i}`,
        display_name: `User ${i}`,
        about: 'About me: '.repeat(20),
        picture: `https://media.example/${hex(8)}.png`,
        nip05: `user${i}@example.com`,
        lud16: `user${i}@example.com`,
      }),
      sig: hex(64),
    });
    events.push({
      kind: 10000100,
      content: JSON.stringify({
        event_id: id,
        likes: 5,
        replies: 2,
        mentions: 0,
        reposts: 1,
        zaps: 3,
        satszapped: 2100,
        score: 10,
        score24h: 4,
      }),
    });
    events.push({
      kind: 10000115,
      content: JSON.stringify({
        event_id: id,
        liked: false,
        replied: false,
        reposted: false,
        zapped: false,
      }),
    });
    events.push({
      kind: 10000119,
      content: JSON.stringify({
        event_id: id,
        resources: [
          {
            url,
            mt: 'image/jpeg',
            variants: [{ s: 'm', a: 0, w: 640, h: 480, mt: 'image/jpeg', media_url: url }],
          },
        ],
      }),
    });
  }
  return decodePage(events);
}

function session(store: EntityStore, pages: number, report: (page: number) => void): void {
  let lease: StoreLease | null = null;
  let shown: string[] = [];
  let t = 1_700_000_000;
  for (let p = 1; p <= pages; p++) {
    if (p % 50 === 1) {
      lease?.release();
      lease = store.retain();
      shown = [];
    }
    const page = syntheticPage(t);
    t -= 20;
    store.ingestPage(page);
    shown = [...shown, ...page.notes.map((n) => n.id)].slice(-200);
    lease!.update(shown);
    if (p % 250 === 0) report(p);
  }
}

export async function run(args: string[]): Promise<void> {
  const i = args.indexOf('--pages');
  const pages = i >= 0 ? Number(args[i + 1]) : 2000;
  for (const [label, options] of [
    ['default caps (2000 notes, 2000 users, 4000 urls)', {}],
    ['never pruned', { maxNotes: Infinity, maxUsers: Infinity, maxUrls: Infinity }],
  ] as const) {
    gc();
    const base = process.memoryUsage().heapUsed;
    const store = new EntityStore(options);
    console.log(`\n${label}: ${pages} pages of 20 notes (${pages * 20} notes seen)`);
    console.log('pages  heap over start  notes  users  urls');
    session(store, pages, (p) => {
      gc();
      const heap = process.memoryUsage().heapUsed - base;
      const s = store.sizes();
      console.log(
        `${String(p).padStart(5)}  ${mb(heap).padStart(15)}  ${String(s.notes).padStart(5)}  ${String(s.users).padStart(5)}  ${String(s.urls).padStart(5)}`,
      );
    });
  }
}
