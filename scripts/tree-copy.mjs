// A copy of the working tree in a temporary folder, so `npm test` proves that the unit tests need
// nothing outside the repository: only what git would carry (tracked files, and untracked ones
// that are not ignored) is copied, into `<tmp>/swell`, where `../shared` does not exist.
// node_modules is not copied but linked: third-party packages point back at this checkout's
// install, our own workspaces (`node_modules/@swell/*`) at their copies.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';

/** Files git would carry, relative to `root`; undefined when `root` is not a git checkout. */
export function carriedFiles(root) {
  const r = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) return undefined;
  return [...new Set(r.stdout.split('\0').filter(Boolean))];
}

/**
 * Recreates `from` (a node_modules folder) at `to`: relative symlinks (npm's links to our
 * workspaces) keep their relative target, so they point into the copy; everything else becomes
 * a link to the original.
 */
function linkModules(from, to) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    const target = join(to, name);
    const stat = lstatSync(source);
    if (name.startsWith('@') && stat.isDirectory()) {
      linkModules(source, target);
    } else if (stat.isSymbolicLink() && !isAbsolute(readlinkSync(source))) {
      symlinkSync(readlinkSync(source), target);
    } else {
      symlinkSync(source, target);
    }
  }
}

/**
 * Copies the working tree of `root` into a new temporary folder. Returns the copy's path and a
 * function that removes it, or undefined when `root` is not a git checkout.
 */
export function copyWorkingTree(root) {
  const files = carriedFiles(root);
  if (!files) return undefined;
  const base = mkdtempSync(join(tmpdir(), 'swell-tree-'));
  const dest = join(base, 'swell');
  const folders = new Set();
  for (const rel of files) {
    const source = join(root, rel);
    if (!existsSync(source)) continue; // deleted but not yet committed
    const stat = lstatSync(source);
    if (!stat.isFile() && !stat.isSymbolicLink()) continue;
    const target = join(dest, rel);
    const folder = dirname(target);
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    if (stat.isSymbolicLink()) {
      symlinkSync(readlinkSync(source), target);
    } else {
      copyFileSync(source, target);
      chmodSync(target, stat.mode & 0o777);
    }
  }
  const workspaces = new Set(['.', ...files.map((f) => dirname(f))]);
  for (const ws of workspaces) {
    const modules = join(root, ws, 'node_modules');
    if (existsSync(join(root, ws, 'package.json')) && existsSync(modules)) {
      linkModules(modules, join(dest, ws, 'node_modules'));
    }
  }
  return { dir: dest, remove: () => rmSync(base, { recursive: true, force: true }) };
}
