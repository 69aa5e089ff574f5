// `npm test`: install what is missing (dependencies, Debian's Chromium, PostgreSQL and ffmpeg),
// then run lint (ESLint, Prettier, the boundary rules, knip, the lockfile), typecheck, the Vitest
// suites and the Playwright suites, print the time of each step, and end with ONE line that
// totals every suite: `N passed, N failed`.
// Exits non-zero on any failure. The Vitest suites run in a copy of the working tree in a
// temporary folder (scripts/tree-copy.mjs), which proves they read nothing outside the repository.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  ensureChromium,
  ensureDependencies,
  ensureFfmpeg,
  ensurePostgres,
  root,
  toolEnv,
} from './ensure.mjs';
import { copyWorkingTree } from './tree-copy.mjs';

/**
 * CPU seconds used so far by this process's finished children and their descendants (Linux's
 * cutime + cstime), or undefined where /proc is missing: a step's CPU time says how much work it
 * was whatever else loaded the machine.
 */
function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/** Each step's wall and CPU seconds, for the table printed before the closing line. */
const timings = [];
const startedAt = Date.now();
const loadAtStart = loadavg()[0];
const cpuAtStart = childrenCpuSeconds();
function timed(name, fn) {
  const done = timing(name);
  try {
    return fn();
  } finally {
    done();
  }
}

/** Starts a row of the table (rows keep the order steps start in); the call ends it. */
function timing(name) {
  const row = { name, seconds: 0, cpu: undefined };
  timings.push(row);
  const wall = Date.now();
  const cpu = childrenCpuSeconds();
  return () => {
    const used = childrenCpuSeconds();
    row.seconds = (Date.now() - wall) / 1000;
    row.cpu = cpu === undefined || used === undefined ? undefined : used - cpu;
  };
}

timed('install what is missing', () => {
  ensureDependencies();
  ensureChromium();
  ensurePostgres();
  ensureFfmpeg();
});

const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const env = toolEnv();
let passed = 0;
let failed = 0;
const failures = [];

function step(name, cmd, args, extraEnv = {}, cwd = root) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  const r = timed(name, () =>
    spawnSync(cmd, args, { stdio: 'inherit', cwd, env: { ...env, ...extraEnv } }),
  );
  console.log(`=== ${name}: exit ${r.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return r.status === 0;
}

function check(name, ok) {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** As timed(), for a step that runs alongside others. */
async function timedAsync(name, fn) {
  const done = timing(name);
  try {
    return await fn();
  } finally {
    done();
  }
}

/**
 * A step that may run alongside another: its output is printed whole when it ends, so two
 * steps' lines never mix. Its wall time goes in the table (its CPU only in its group's).
 */
function bufferedStep(name, cmd, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const finish = (code) => {
      const seconds = (Date.now() - started) / 1000;
      timings.push({ name: `  ${name}`, seconds, cpu: undefined });
      console.log(`\n=== ${name}\n${output}=== ${name}: exit ${code} in ${seconds.toFixed(1)} s`);
      resolve(code === 0);
    };
    child.once('error', (err) => {
      output += `${err.message}\n`;
      finish(null);
    });
    child.once('close', finish);
  });
}

/** `count` distinct free loopback ports (all held open until each is known). */
async function freePorts(count) {
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    servers.map(
      (srv) =>
        new Promise((resolve, reject) => {
          srv.on('error', reject);
          srv.listen(0, '127.0.0.1', () => resolve(srv.address().port));
        }),
    ),
  );
  await Promise.all(servers.map((srv) => new Promise((resolve) => srv.close(resolve))));
  return ports;
}

/** The steps' times as a table, with the total and the machine's load (other work on it). */
function timingTable() {
  const used = childrenCpuSeconds();
  const rows = [
    ...timings,
    {
      name: 'total',
      seconds: (Date.now() - startedAt) / 1000,
      cpu: used === undefined || cpuAtStart === undefined ? undefined : used - cpuAtStart,
    },
  ];
  const width = Math.max(...rows.map((r) => r.name.length));
  const line = (name, wall, cpu) =>
    `${name.padEnd(width)}  ${wall.padStart(8)}  ${cpu.padStart(8)}`;
  return [
    line('step', 'wall s', 'CPU s'),
    ...rows.map((r) =>
      line(r.name, r.seconds.toFixed(1), r.cpu === undefined ? '-' : r.cpu.toFixed(1)),
    ),
    `load average (1 min) at the start ${loadAtStart.toFixed(1)}, at the end ${loadavg()[0].toFixed(1)}`,
  ].join('\n');
}

/** Each failed Vitest test as `file › name: first line of the error`, for the closing summary. */
function vitestFailures(report) {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((a) => a.status === 'failed')
      .map((a) => {
        const where = file.name.replace(/^.*?\/(packages|apps|bench|scripts)\//, '$1/');
        const why = String(a.failureMessages?.[0] ?? '').split('\n')[0];
        return `vitest ${where} › ${a.fullName}: ${why}`;
      }),
  );
}

const only = process.argv.slice(2);
const details = [];
const wants = (name) => only.length === 0 || only.includes(name);

// Lint and the typecheck are single-threaded: they run in two lanes at once (about 45 s one
// after the other on an idle 2-core machine). The boundaries step follows the typecheck in its
// lane, as it reads the folders tsc writes its declarations to.
const lint = [
  ['eslint', 'eslint', ['eslint', '--max-warnings=0', '.']],
  ['prettier', 'prettier', ['prettier', '--check', '--log-level=warn', '.']],
  ['boundaries', 'boundaries', ['npm', 'run', '--silent', 'lint:boundaries']],
  ['knip', 'knip (unused dependencies and files)', ['knip']],
  ['lockfile', 'lockfile (npm ci accepts it)', ['node', 'scripts/check-lockfile.mjs']],
];
const typecheck = [['typecheck', 'typecheck', ['tsc', '-b']]];
const byId = Object.fromEntries([...lint, ...typecheck].map((s) => [s[0], s]));
const lanes = [
  ['eslint', 'knip', 'lockfile'],
  ['typecheck', 'boundaries', 'prettier'],
].map((ids) =>
  ids
    .filter((id) => (id === 'typecheck' ? wants('typecheck') : wants('lint')))
    .map((id) => byId[id]),
);
if (lanes.some((lane) => lane.length)) {
  const results = await timedAsync('lint and typecheck (two at a time)', () =>
    Promise.all(
      lanes.map(async (lane) => {
        const done = [];
        for (const [id, name, [cmd, ...args]] of lane)
          done.push([id, await bufferedStep(name, cmd, args)]);
        return done;
      }),
    ),
  );
  for (const [id, ok] of results.flat()) check(id, ok);
}

if (wants('unit')) {
  const out = join(tmp, 'vitest.json');
  rmSync(out, { force: true });
  const copy = timed('copy of the working tree', () => copyWorkingTree(root));
  if (copy) console.log(`\nswell: unit tests run in a copy of the working tree: ${copy.dir}`);
  else console.log('\nswell: not a git checkout; unit tests run in place');
  let ok;
  try {
    ok = step(
      'vitest',
      'vitest',
      // One retry, as the Playwright suite has in CI: a test that fails twice fails. Vitest's
      // default is one worker fewer than the cores (one, on a 2-core machine); most suites wait
      // on real servers and sockets, so one more than the cores finishes sooner (366 s -> 249 s
      // on 2 cores).
      [
        'run',
        '--retry=1',
        `--maxWorkers=${availableParallelism() + 1}`,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${out}`,
      ],
      {},
      copy?.dir ?? root,
    );
  } finally {
    copy?.remove();
  }
  const report = readJson(out);
  if (report) {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    if ((report.numFailedTests ?? 0) > 0) failures.push('vitest');
    details.push(...vitestFailures(report));
    if (!ok && !report.numFailedTests) check('vitest (suite errors)', false);
  } else check('vitest (no report)', ok && false);
}

if (wants('e2e')) {
  const built = step('build web', 'npm', ['run', 'build', '--silent']);
  check('build web', built);
  if (built) {
    // One server per Playwright worker (e2e/playwright.config.ts), each on its own port.
    const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));
    const out = join(tmp, 'playwright.json');
    rmSync(out, { force: true });
    const ok = step('playwright', 'playwright', ['test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      E2E_WORKERS: String(workers),
      E2E_PORTS: (await freePorts(workers)).join(','),
    });
    const report = readJson(out);
    if (report?.stats) {
      passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
      failed += report.stats.unexpected ?? 0;
      if (report.stats.unexpected) failures.push('playwright');
      if (!ok && !report.stats.unexpected) check('playwright (suite errors)', false);
    } else check('playwright (no report)', false);
  }
}

console.log(`\n${timingTable()}`);
if (details.length) console.log(`\n${details.join('\n')}`);
if (failures.length) console.log(`\nfailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
