import { defineConfig } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The real server, built web app and demo network on a loopback port; Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 8000 + Math.floor(Math.random() * 1000));
process.env.E2E_PORT = String(port);
// A data folder made here is removed after the run (global-setup.ts); one given is kept.
if (!process.env.E2E_DATA) {
  process.env.E2E_DATA = mkdtempSync(join(tmpdir(), 'swell-e2e-'));
  process.env.E2E_DATA_MADE = '1';
}
const dataDir = process.env.E2E_DATA;
// The devnet's operator token, for the specs that switch the bunker off (devnet-operator.ts).
process.env.SWELL_DEVNET_OPERATOR_TOKEN ||= randomBytes(32).toString('base64url');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node ../apps/devnet/src/main.ts',
    cwd: import.meta.dirname,
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SWELL_DATA: dataDir,
      SWELL_DEMO: process.env.SWELL_DEMO ?? '1',
      SWELL_DEVNET: '1',
      SWELL_DEVNET_OPERATOR_TOKEN: process.env.SWELL_DEVNET_OPERATOR_TOKEN,
    },
  },
});
