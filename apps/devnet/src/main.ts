// The server with the devnet plugged in: what `npm start` and the browser tests run. The plain
// server (`npm run serve`, apps/server/src/main.ts) has no devnet.
import { installCrashGuards, loadConfig } from '@swell/server';
import { seedProgressBar } from './seed-progress-bar.ts';
import { loadDevnetOptions } from './server-extension.ts';
import { startDevnetServer } from './start.ts';

const bar = seedProgressBar();
let server: Awaited<ReturnType<typeof startDevnetServer>>;
try {
  server = await startDevnetServer({
    ...loadConfig(),
    ...loadDevnetOptions(),
    onSeedProgress: (p) => bar.update(p),
  });
} finally {
  bar.stop();
}
installCrashGuards(server.app.log);
console.log(`\nSwell is running at ${server.url}\n`);
// Tells a supervising `npm start` (scripts/start.mjs) that the server came up.
process.send?.({ type: 'ready', url: server.url });

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\nswell: ${signal} received, stopping...`);
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
