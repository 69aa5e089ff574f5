import { SingleBar } from 'cli-progress';
import type { SeedProgress } from './seed.ts';

/** How often a run without a terminal prints a progress line (in percent of the seeding). */
const lineStepPercent = 10;

/**
 * Progress of seeding the demo network (`npm start`), by the generator's stages: a bar in a
 * terminal; without one (logs, CI, a pipe) a line every 10 % and one when it is done.
 */
export function seedProgressBar(
  stream: Pick<NodeJS.WriteStream, 'write' | 'isTTY'> = process.stdout,
) {
  let started = false;
  let lastLine = -1;
  let last: SeedProgress | null = null;
  const bar = new SingleBar({
    format: 'demo network {bar} {percentage}% | {events} events in | {phase}',
    hideCursor: true,
    stream: stream as NodeJS.WriteStream,
  });
  const events = (n: number) => n.toLocaleString('en-US');
  return {
    update(p: SeedProgress): void {
      last = p;
      const value = Math.floor(p.fraction * 100);
      const payload = {
        events: events(p.ingested),
        phase: p.generating ? 'generating and importing' : 'importing',
      };
      if (!stream.isTTY) {
        const step = Math.floor(value / lineStepPercent) * lineStepPercent;
        if (!started) stream.write('swell: seeding the demo network...\n');
        if (step > lastLine) {
          lastLine = step;
          stream.write(
            `swell: demo network ${step}% | ${payload.events} events in | ${payload.phase}\n`,
          );
        }
      } else if (!started) {
        bar.start(100, value, payload);
      } else {
        bar.update(value, payload);
      }
      started = true;
    },
    stop(): void {
      if (!started) return;
      if (stream.isTTY) bar.stop();
      else if (last) stream.write(`swell: demo network seeded, ${events(last.ingested)} events\n`);
    },
  };
}
