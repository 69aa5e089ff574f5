// The server with the devnet plugged in: what `npm start` and the browser tests run. The plain
// server (`npm run serve`, apps/server/src/main.ts) has no devnet.
import { installCrashGuards, loadConfig } from '@swell/server';
import { loadDevnetOptions } from './server-extension.ts';
import { startDevnetServer } from './start.ts';

const server = await startDevnetServer({ ...loadConfig(), ...loadDevnetOptions() });
installCrashGuards(server.app.log);
console.log(`\nSwell is running at ${server.url}\n`);

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
