import { rmSync } from 'node:fs';

// The servers are up and seeded before this runs (playwright.config.ts waits for servers.ts to
// say so). After the run, the data folder the config made (about 160 MB a server) goes.
export default async function globalSetup(): Promise<() => Promise<void>> {
  return async () => {
    if (process.env.E2E_DATA_MADE && process.env.E2E_DATA)
      rmSync(process.env.E2E_DATA, { recursive: true, force: true });
  };
}
