// `npm start`: install what is missing, build the web app, start the server with its embedded
// database and the demo network, print the URL; start it again if it dies.
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
// Supervised: a server that dies anyway (a crash, the out-of-memory killer) is started again.
const server = supervise({
  command: join(root, 'node_modules', '.bin', 'node'),
  args: ['apps/devnet/src/main.ts', ...process.argv.slice(2)],
  cwd: root,
  env: serverEnv,
});
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => server.stop(sig));
}
server.done.then((code) => process.exit(code));
