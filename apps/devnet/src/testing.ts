// Helpers for tests that need the demo network (`@swell/devnet/testing`). In a Vitest run
// (a run folder from @swell/server's global setup) the network is generated, or seeded, once and
// shared by every suite that asks; elsewhere each caller makes its own, as before.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '@swell/server';
import { runShared } from '@swell/server/testing';
import { demoAccounts } from './demo-accounts.ts';
import type { ContentType } from './network/content.ts';
import { generateNetwork, type DemoNetwork } from './generate-network.ts';
import { startDevnetServer } from './start.ts';

/**
 * The default demo network, `generateNetwork()` with no options (always the same bytes):
 * generated once per run and read back by each suite (about 15,000 events, 11 MB).
 */
export async function defaultNetwork(): Promise<DemoNetwork> {
  const file = await runShared('default-network', async (dir) => {
    const net = await generateNetwork();
    const path = join(dir, 'network.json');
    writeFileSync(
      path,
      JSON.stringify({ events: net.events, noteTypes: [...net.noteTypes], names: net.names }),
    );
    return path;
  });
  if (!file) return generateNetwork();
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Pick<DemoNetwork, 'events' | 'names'> & {
    noteTypes: Array<[string, ContentType]>;
  };
  return { ...saved, accounts: demoAccounts, noteTypes: new Map(saved.noteTypes) };
}

/**
 * Fills the empty data folder `dataDir` with a database that holds the demo network, seeded
 * once per run the way a server started with SWELL_DEMO=1 seeds it (into a template folder,
 * copied for each caller), so a server started on it with `demo: true` finds it seeded. Returns
 * false outside a run: then the server seeds its own. The events name the server that seeded
 * the template (its port is closed by then); a suite that follows the media, name or lightning
 * URLs in the events must seed its own server.
 */
export async function seededDemoData(dataDir: string): Promise<boolean> {
  const template = await runShared('demo-data', async (dir) => {
    const data = join(dir, 'data');
    const server = await startDevnetServer({
      ...loadConfig({}, []),
      port: 0,
      dataDir: data,
      logLevel: 'warn',
      demo: true,
    });
    await server.close();
    return data;
  });
  if (!template) return false;
  cpSync(template, dataDir, { recursive: true });
  return true;
}
