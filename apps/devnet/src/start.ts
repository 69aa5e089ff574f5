import { startServer, type RunningServer } from '@swell/server';
import { devnetExtension, type DevnetServerConfig, type DevnetState } from './server-extension.ts';

/**
 * The server with the devnet plugged in, as `npm start`, the browser tests and the benchmarks
 * run it. `demo` and `devnet` default to off here (tests say what they want).
 */
export async function startDevnetServer(
  config: DevnetServerConfig,
): Promise<RunningServer & { devnet: DevnetState }> {
  const {
    demo = false,
    devnet = false,
    usdPerBtc,
    onSeedProgress,
    operatorToken,
    ...serverConfig
  } = config;
  const ext = devnetExtension({
    demo,
    devnet,
    ...(usdPerBtc !== undefined ? { usdPerBtc } : {}),
    ...(operatorToken !== undefined ? { operatorToken } : {}),
    ...(onSeedProgress ? { onSeedProgress } : {}),
  });
  const server = await startServer(serverConfig, { extensions: [ext] });
  return { ...server, devnet: ext.state };
}
