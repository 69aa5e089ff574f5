import { SingleBar } from 'cli-progress';
import type { SeedProgress } from './seed.ts';

/**
 * A terminal progress bar for seeding the demo network (`npm start`), by the generator's stages.
 * Without a terminal (logs, CI) it prints one line when seeding starts instead.
 */
export function seedProgressBar(stream: NodeJS.WriteStream = process.stdout) {
  let started = false;
  const bar = new SingleBar({
    format: 'demo network {bar} {percentage}% | {events} events in | {phase}',
    hideCursor: true,
    stream,
  });
  return {
    update(p: SeedProgress): void {
      const value = Math.floor(p.fraction * 100);
      const payload = {
        events: p.ingested.toLocaleString('en-US'),
        phase: p.generating ? 'generating and importing' : 'importing',
      };
      if (!stream.isTTY) {
        if (!started) stream.write('swell: seeding the demo network...\n');
      } else if (!started) {
        bar.start(100, value, payload);
      } else {
        bar.update(value, payload);
      }
      started = true;
    },
    stop(): void {
      if (started && stream.isTTY) bar.stop();
    },
  };
}
