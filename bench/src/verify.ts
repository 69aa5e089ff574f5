// `npm run bench -- verify [--rounds N]`: verified events per second over real-events.jsonl,
// for the nostr-wasm path and the pure-JS (@noble) path, plus the full checkEvent pipeline.
import { readFileSync } from 'node:fs';
import { checkEvent, initVerifier, verifyEventJs, verifyEventWasm } from '@swell/nostr';
import type { NostrEvent } from '@swell/nostr';
import { percentile } from './lib-stats.ts';

const vectors = new URL('../../packages/nostr/test/vectors/real-events.jsonl', import.meta.url);

function load(): NostrEvent[] {
  return readFileSync(vectors, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as NostrEvent);
}

function measure(
  label: string,
  events: NostrEvent[],
  rounds: number,
  verify: (e: NostrEvent) => boolean,
): void {
  const rates: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let ok = 0;
    const start = performance.now();
    for (const e of events) if (verify(e)) ok++;
    const seconds = (performance.now() - start) / 1000;
    if (ok !== events.length)
      throw new Error(`${label}: only ${ok} of ${events.length} events verified`);
    rates.push(events.length / seconds);
  }
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(
    `${label.padEnd(22)} ${fmt(percentile(rates, 50)).padStart(8)} events/s median ` +
      `(min ${fmt(Math.min(...rates))}, max ${fmt(Math.max(...rates))}, ${rounds} rounds x ${events.length} events)`,
  );
}

export async function run(args: string[]): Promise<void> {
  const i = args.indexOf('--rounds');
  const rounds = i >= 0 ? Math.max(1, Number(args[i + 1]) || 3) : 3;
  const events = load();
  console.log(`real-events.jsonl: ${events.length} events; node ${process.version}`);
  // One warm-up pass each so JIT and WASM instantiation are not measured.
  const kind = await initVerifier();
  if (kind !== 'wasm') throw new Error('nostr-wasm did not load');
  events.forEach(verifyEventWasm);
  events.slice(0, 500).forEach(verifyEventJs);
  measure('wasm (nostr-wasm)', events, rounds, verifyEventWasm);
  measure('pure JS (@noble)', events, rounds, verifyEventJs);
  measure('checkEvent (wasm)', events, rounds, (e) => checkEvent(e).ok);
}
