import { rmSync } from 'node:fs';

/** After the run: the data folder playwright.config.ts made (about 160 MB) goes. */
async function teardown(): Promise<void> {
  if (process.env.E2E_DATA_MADE && process.env.E2E_DATA)
    rmSync(process.env.E2E_DATA, { recursive: true, force: true });
}

// The server answers /health before the demo network is fully seeded (seeding runs after
// listen). Wait until the event count is non-zero and has stopped growing.
export default async function globalSetup(): Promise<() => Promise<void>> {
  const url = `http://127.0.0.1:${process.env.E2E_PORT}/health`;
  let last = -1;
  let stableSince = Date.now();
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const body = (await fetch(url)
      .then((r) => r.json())
      .catch(() => null)) as { counts?: { events?: number } } | null;
    const events = body?.counts?.events ?? 0;
    if (events !== last) {
      last = events;
      stableSince = Date.now();
    } else if (events > 1000 && Date.now() - stableSince > 8000) {
      return teardown;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`demo network not seeded in time (last count ${last})`);
}
