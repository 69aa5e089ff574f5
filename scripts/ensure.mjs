// Installs what is missing, so `npm start`, `npm test` and `npm run bench` work on a fresh clone
// with nothing but Node and npm. Plain JavaScript on purpose: it may run on an older system Node
// before the pinned Node 24 (the `node` devDependency) is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'node_modules', '.bin');

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  return r.status === 0;
}

/**
 * `npm ci` when node_modules is missing or older than the lockfile: it installs exactly what
 * package-lock.json pins and never rewrites it, so `npm start` and `npm test` leave the working
 * tree as they found it.
 */
export function ensureDependencies() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const pinnedNode = join(bin, 'node');
  const fresh =
    existsSync(marker) &&
    existsSync(pinnedNode) &&
    (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs);
  if (fresh) return;
  console.log('swell: installing dependencies (npm ci)...');
  if (!run('npm', ['ci', '--no-audit', '--no-fund'])) {
    console.error(
      'swell: npm ci failed. If you changed a package.json, run `npm install` and commit package-lock.json.',
    );
    process.exit(1);
  }
}

function aptInstall(pkgs, extra = []) {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pre = asRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const call = (args) => {
    const [cmd, ...rest] = [...pre, ...args];
    return run(cmd, rest, { env });
  };
  console.log(`swell: installing ${pkgs.join(', ')} with apt-get...`);
  call(['apt-get', 'update', '-qq']);
  return call(['apt-get', 'install', '-y', '-qq', ...extra, ...pkgs]);
}

/** Debian's Chromium for the browser tests. */
export function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  if (!aptInstall(['chromium'])) {
    console.error('swell: could not install chromium');
    process.exit(1);
  }
}

/**
 * Debian's ffmpeg, which the server uses for video poster frames (SWELL_FFMPEG): the poster
 * frame suite needs it. Without the recommended packages, which it does not need.
 */
export function ensureFfmpeg() {
  if (existsSync('/usr/bin/ffmpeg')) return;
  if (!aptInstall(['ffmpeg'], ['--no-install-recommends'])) {
    console.error('swell: could not install ffmpeg');
    process.exit(1);
  }
}

/** Directory holding initdb/pg_ctl of an installed PostgreSQL, or undefined. */
export function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : undefined;
}

/** Debian's PostgreSQL server for the storage tests (the tests start throwaway clusters). */
export function ensurePostgres() {
  if (postgresBinDir()) return;
  if (!aptInstall(['postgresql'])) {
    console.error('swell: could not install postgresql');
    process.exit(1);
  }
}

/** Environment whose PATH puts the pinned Node 24 and the workspace tools first. */
export function toolEnv(extra = {}) {
  const pg = postgresBinDir();
  const path = [bin, ...(pg ? [pg] : []), process.env.PATH].join(':');
  return { ...process.env, PATH: path, ...extra };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureDependencies();
}
