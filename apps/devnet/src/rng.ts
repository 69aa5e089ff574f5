import { sha256 } from '@noble/hashes/sha2.js';

/**
 * A seeded pseudo-random generator (sfc32 keyed by sha256 of the seed): the same seed gives the
 * same sequence on every machine, which is what makes the demo network byte-identical.
 * Not for secrets that matter; demo keys are public by design.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    const h = sha256(new TextEncoder().encode(seed));
    const v = new DataView(h.buffer, h.byteOffset, h.byteLength);
    this.a = v.getUint32(0);
    this.b = v.getUint32(4);
    this.c = v.getUint32(8);
    this.d = v.getUint32(12);
    for (let i = 0; i < 16; i++) this.nextUint32();
  }

  /** A child generator whose sequence depends on this one's seed and the label only. */
  static derive(seed: string, label: string): Rng {
    return new Rng(`${seed}/${label}`);
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.float() * items.length)]!;
  }

  /** Picks an index with probability proportional to its weight. */
  weighted(weights: readonly number[], total = weights.reduce((s, w) => s + w, 0)): number {
    let r = this.float() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** `count` distinct items (or all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = items.slice();
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.float() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }

  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i += 4) {
      const x = this.nextUint32();
      for (let k = 0; k < 4 && i + k < length; k++) out[i + k] = (x >>> (8 * k)) & 0xff;
    }
    return out;
  }

  /** A log-normal-ish positive number around `median` (heavy tail, for activity levels). */
  heavyTail(median: number, spread = 1): number {
    const u = Math.max(this.float(), 1e-9);
    const v = this.float();
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return median * Math.exp(normal * spread);
  }
}
