// `npm start`: install what is missing, build the web app, start the server with its embedded
// database and the demo network, print the URL.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, root, toolEnv } from './ensure.mjs';

ensureDependencies();
const env = toolEnv();
console.log('swell: building the web app...');
const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit', cwd: root, env });
if (build.status !== 0) process.exit(build.status ?? 1);

const serverEnv = { ...env };
const embedded = !process.env.DATABASE_URL;
serverEnv.SWELL_DEMO ??= embedded ? '1' : '0';
serverEnv.SWELL_DEVNET ??= '1';
const server = spawn(
  join(root, 'node_modules', '.bin', 'node'),
  ['apps/devnet/src/main.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    cwd: root,
    env: serverEnv,
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => server.kill(sig));
}
server.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
