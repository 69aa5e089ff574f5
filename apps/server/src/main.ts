import { loadConfig } from './config.ts';
import { startServer } from './server.ts';
import { installCrashGuards } from './crash-guard.ts';
import { exitOnStartFailure } from './start-failure.ts';

const server = await startServer(loadConfig()).catch(exitOnStartFailure);
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
