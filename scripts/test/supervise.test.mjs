// npm start's supervisor (scripts/supervise.mjs) with a small stand-in for the server: a child
// that says it is ready, then crashes, exits cleanly or never comes up, as told.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { supervise } from '../supervise.mjs';

const dir = mkdtempSync(join(tmpdir(), 'swell-supervise-'));
const child = join(dir, 'server.mjs');
writeFileSync(
  child,
  `const mode = process.argv[2];
if (mode === 'broken') process.exit(3);
process.on('SIGTERM', () => process.exit(0));
process.send({ type: 'ready' });
setInterval(() => {}, 1000);
`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts a supervised stand-in; collects its log lines and children. */
function run(mode) {
  const logs = [];
  const children = [];
  const ready = [];
  const sup = supervise(process.execPath, [child, mode], {
    delays: [10, 20],
    log: (line) => logs.push(line),
    onSpawn: (c) => {
      children.push(c);
      ready.push(new Promise((resolve) => c.on('message', resolve)));
    },
  });
  return { sup, logs, children, ready };
}

const until = async (check) => {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
};

describe('supervise', () => {
  it('starts a server that died again, with a log line, until it is stopped', async () => {
    const { sup, logs, children, ready } = run('ok');
    await ready[0];
    children[0].kill('SIGKILL'); // as the kernel's OOM killer would
    await until(() => ready.length === 2);
    await ready[1];
    expect(logs).toEqual([
      expect.stringMatching(
        /^swell: the server died \(signal SIGKILL\) after \d+ s; restarting in 0 s \(restart 1\)$/,
      ),
    ]);
    sup.stop('SIGTERM');
    expect(await sup.exited).toBe(0);
    expect(children).toHaveLength(2);
    expect(children[1].signalCode ?? children[1].exitCode).toBe(0);
  });

  it('does not restart a server that was stopped on its own (SIGTERM to the server)', async () => {
    const { sup, logs, children, ready } = run('ok');
    await ready[0];
    children[0].kill('SIGTERM');
    expect(await sup.exited).toBe(0);
    expect(children).toHaveLength(1);
    expect(logs).toEqual([]);
  });

  it('gives up on a server that never came up, with its exit code', async () => {
    const { sup, logs, children } = run('broken');
    expect(await sup.exited).toBe(3);
    expect(children).toHaveLength(1);
    expect(logs).toEqual(['swell: the server did not start (exit code 3)']);
  });
});
