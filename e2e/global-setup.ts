// The server answers /health before the demo network is fully seeded (seeding runs after
// listen). Wait until the event count is non-zero and has stopped growing.
export default async function globalSetup(): Promise<void> {
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
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`demo network not seeded in time (last count ${last})`);
}
