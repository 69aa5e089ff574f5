// `npm start`: install what is missing, build the web app, start the server with its embedded
// database and the demo network (the URL is printed once the demo network is in), and start it
// again if it dies (scripts/supervise.mjs). Leaves the working tree as it found it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, root, toolEnv } from './ensure.mjs';
import { supervise } from './supervise.mjs';

ensureDependencies();
const env = toolEnv();
console.log('swell: building the web app...');
const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit', cwd: root, env });
if (build.status !== 0) process.exit(build.status ?? 1);

const serverEnv = { ...env };
const embedded = !process.env.DATABASE_URL;
serverEnv.SWELL_DEMO ??= embedded ? '1' : '0';
serverEnv.SWELL_DEVNET ??= '1';
const server = supervise(
  join(root, 'node_modules', '.bin', 'node'),
  ['apps/devnet/src/main.ts', ...process.argv.slice(2)],
  { spawnOptions: { cwd: root, env: serverEnv } },
);
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => server.stop(sig));
}
process.exit(await server.exited);
