// `npm test`: install what is missing (dependencies, Debian's Chromium and PostgreSQL), then run
// lint (ESLint, Prettier, the boundary rules, knip, the lockfile), typecheck, the Vitest suites
// and the Playwright suites, and print ONE closing line that totals every suite:
// `N passed, N failed`.
// Exits non-zero on any failure. The Vitest suites run in a copy of the working tree in a
// temporary folder (scripts/tree-copy.mjs), which proves they read nothing outside the repository.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ensureChromium, ensureDependencies, ensurePostgres, root, toolEnv } from './ensure.mjs';
import { copyWorkingTree } from './tree-copy.mjs';

ensureDependencies();
ensureChromium();
ensurePostgres();

const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const env = toolEnv();
let passed = 0;
let failed = 0;
const failures = [];

function step(name, cmd, args, extraEnv = {}, cwd = root) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd, env: { ...env, ...extraEnv } });
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

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
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

if (wants('lint')) {
  check('eslint', step('eslint', 'eslint', ['--max-warnings=0', '.']));
  check('prettier', step('prettier', 'prettier', ['--check', '--log-level=warn', '.']));
  check('boundaries', step('boundaries', 'npm', ['run', '--silent', 'lint:boundaries']));
  check('knip', step('knip (unused dependencies and files)', 'knip', []));
  check('lockfile', step('lockfile (npm ci accepts it)', 'node', ['scripts/check-lockfile.mjs']));
}
if (wants('typecheck')) check('typecheck', step('typecheck', 'tsc', ['-b']));

if (wants('unit')) {
  const out = join(tmp, 'vitest.json');
  rmSync(out, { force: true });
  const copy = copyWorkingTree(root);
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
    const port = await freePort();
    const out = join(tmp, 'playwright.json');
    rmSync(out, { force: true });
    const ok = step('playwright', 'playwright', ['test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      E2E_PORT: String(port),
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

if (details.length) console.log(`\n${details.join('\n')}`);
if (failures.length) console.log(`\nfailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
