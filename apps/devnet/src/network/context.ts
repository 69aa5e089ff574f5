import type { NostrEvent } from '@swell/nostr';
import { Rng } from '../rng.ts';
import { SignPool } from '../sign-pool.ts';
import type { DeterministicSigner, Template } from '../signer.ts';
import type { Topic } from './vocabulary.ts';

export interface DemoUser {
  index: number;
  /** ASCII handle: profile name, nip05 and lud16 local part. */
  name: string;
  displayName: string;
  secretKey: Uint8Array;
  pubkey: string;
  demo: boolean;
  /** 0..1, how much attention the user's posts get. */
  popularity: number;
  /** Root notes per day. */
  activity: number;
  topics: Topic[];
  /** Indices of followed users. */
  follows: number[];
  joinedAt: number;
}

/** A published note (kind 1) the later stages can reply to, like, repost, quote or zap. */
export interface NoteRef {
  event: NostrEvent;
  author: DemoUser;
  /** The root of its thread (itself for a root note). */
  root: NostrEvent;
  depth: number;
  deleted: boolean;
}

export interface ArticleRef {
  event: NostrEvent;
  author: DemoUser;
  identifier: string;
  coordinate: string;
  paragraphs: string[];
}

/** Everything the generator stages share. */
export class NetworkBuilder {
  readonly seed: string;
  readonly now: number;
  readonly start: number;
  readonly baseUrl: string;
  /** host:port of the base URL: the lud16 domain (the LNURL endpoint must be reachable). */
  readonly domain: string;
  /**
   * The nip05 domain: the public host, with its port only when it is not the scheme's default
   * (`127.0.0.1:8080`, `swell.example.com`). Without the port a name on a local server points at
   * port 80/443 and cannot be verified at all; clients that accept a port (this project's) verify
   * it there, clients whose NIP-05 pattern refuses ports treat it as unverified either way.
   */
  readonly nip05Domain: string;
  readonly relayUrl: string;
  readonly signer: DeterministicSigner;
  /** Signs published events in parallel at the end of each stage. */
  readonly pool: SignPool;
  readonly events: NostrEvent[] = [];
  users: DemoUser[] = [];
  notes: NoteRef[] = [];
  articles: ArticleRef[] = [];
  /** The NIP-05 names the profiles claim on the nip05 domain (the server registers them). */
  names: Array<{ name: string; pubkey: string }> = [];

  constructor(opts: {
    seed: string;
    now: number;
    days: number;
    baseUrl: string;
    signer: DeterministicSigner;
  }) {
    this.seed = opts.seed;
    this.now = opts.now;
    this.start = opts.now - opts.days * 86400;
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    const url = new URL(this.baseUrl);
    this.domain = url.host;
    this.nip05Domain = url.host;
    this.relayUrl = `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}/relay`;
    this.signer = opts.signer;
    this.pool = new SignPool(opts.signer);
  }

  /** A generator for one stage: stages do not disturb each other's sequences. */
  rng(label: string): Rng {
    return Rng.derive(this.seed, label);
  }

  /** Adds an event; its signature is filled in by `pool.flush()` at the end of the stage. */
  publish(template: Template, secretKey: Uint8Array): NostrEvent {
    if (template.created_at > this.now) template.created_at = this.now;
    const event = this.pool.draft(template, secretKey);
    this.events.push(event);
    return event;
  }

  /** A time after `t`, about `meanSeconds` later (exponential), never after now. */
  after(rng: Rng, t: number, meanSeconds: number): number {
    const delay = Math.ceil(-Math.log(Math.max(rng.float(), 1e-9)) * meanSeconds) + 5;
    return Math.min(this.now, t + delay);
  }

  /** Popularity weights of all users, for picking who is followed, liked or zapped. */
  popularityWeights(): number[] {
    return this.users.map((u) => u.popularity);
  }

  /** Picks a user other than `not` with probability proportional to `weights`. */
  pickUser(rng: Rng, weights: number[], not?: DemoUser): DemoUser {
    for (;;) {
      const u = this.users[rng.weighted(weights)]!;
      if (u !== not) return u;
    }
  }
}
