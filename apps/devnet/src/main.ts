// The server with the devnet plugged in: what `npm start` and the browser tests run. The plain
// server (`npm run serve`, apps/server/src/main.ts) has no devnet.
import { exitOnStartFailure, installCrashGuards, loadConfig } from '@swell/server';
import { seedProgressBar } from './seed-progress-bar.ts';
import { loadDevnetOptions } from './server-extension.ts';
import { startDevnetServer } from './start.ts';

const bar = seedProgressBar();
let devnetOptions: ReturnType<typeof loadDevnetOptions>;
let server: Awaited<ReturnType<typeof startDevnetServer>>;
try {
  devnetOptions = loadDevnetOptions();
  server = await startDevnetServer({
    ...loadConfig(),
    ...devnetOptions,
    onSeedProgress: (p) => bar.update(p),
  });
} catch (err) {
  bar.stop();
  exitOnStartFailure(err);
} finally {
  bar.stop();
}
installCrashGuards(server.app.log);
console.log(`\nSwell is running at ${server.url}\n`);
// The operator token goes to this console only (never to the log): one made for this start is
// shown; one from the setting is not repeated.
if (server.devnet.operatorToken) {
  console.log(
    devnetOptions.operatorToken
      ? 'Devnet operator token: the one in SWELL_DEVNET_OPERATOR_TOKEN\n'
      : `Devnet operator token (new at every start; Authorization: Bearer <token> for the devnet's controls): ${server.devnet.operatorToken}\n`,
  );
}
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
