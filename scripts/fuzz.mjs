// `npm run fuzz [-- --runs=N --seed=S --backends=sqlite,postgres]`: the socket fuzzer
// (apps/server/test/socket-fuzz.test.ts: every cache command, membership command and relay
// message, edited at random) and the store's differential test
// (apps/server/test/store-differential.test.ts), longer than in `npm test`: 20,000 frames per
// socket and 3,000 filters per property by default, on both backends, with a new seed each run
// (printed first, and with any failure, to replay it). `npm test` runs the same files with a fixed
// seed and about 30 s of frames.
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { ensureDependencies, ensurePostgres, root, toolEnv } from './ensure.mjs';

const arg = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const runs = arg('runs', '20000');
const seed = arg('seed', String(randomInt(2 ** 31)));
const backends = arg('backends', 'sqlite,postgres');

ensureDependencies();
if (backends.includes('postgres')) ensurePostgres();
console.log(
  `swell fuzz: seed ${seed}, ${runs} runs, on ${backends} (replay: npm run fuzz -- --seed=${seed} --runs=${runs})`,
);
const r = spawnSync(
  'vitest',
  [
    'run',
    '--testTimeout=0',
    'apps/server/test/socket-fuzz.test.ts',
    'apps/server/test/store-differential.test.ts',
  ],
  {
    stdio: 'inherit',
    cwd: root,
    env: toolEnv({
      SWELL_FUZZ_RUNS: runs,
      SWELL_FUZZ_SEED: seed,
      SWELL_FUZZ_BACKENDS: backends,
      SWELL_DIFFERENTIAL_RUNS: String(Math.max(300, Math.round(Number(runs) / 7))),
    }),
  },
);
if (r.status !== 0)
  console.log(
    `swell fuzz: failed with seed ${seed} (npm run fuzz -- --seed=${seed} --runs=${runs})`,
  );
process.exit(r.status ?? 1);
