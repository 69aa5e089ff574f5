// Checks that `npm ci` accepts package-lock.json as committed, as `npm start` and `npm test` on a
// fresh clone need: a dry run over a scratch copy of the package.json files and the lockfile.
// (An optional platform package the registry could not serve once left the lockfile without
// it, and `npm ci` then refused to install at all.) Plain JavaScript like the other scripts.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { root } from './ensure.mjs';
import { carriedFiles } from './tree-copy.mjs';

const manifests = (carriedFiles(root) ?? ['package.json']).filter(
  (f) => f === 'package.json' || f.endsWith('/package.json'),
);
const dir = mkdtempSync(join(tmpdir(), 'swell-lockfile-'));
try {
  for (const f of [...manifests, 'package-lock.json', '.npmrc']) {
    if (!existsSync(join(root, f))) continue;
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    copyFileSync(join(root, f), join(dir, f));
  }
  const r = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    console.error(`${r.stdout}${r.stderr}`.trim());
    console.error('\nswell: npm ci does not accept package-lock.json (see above)');
    process.exit(1);
  }
  console.log('swell: npm ci accepts package-lock.json');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
