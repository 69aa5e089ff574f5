let running: { pubkey: string; stop?: () => void; stopped: boolean } | null = null;

/**
 * Starts this tab's focus reports for the user (push-presence.ts, loaded now) unless they run
 * already; Settings calls it when push is turned on, the shell when the user has devices.
 */
export function ensurePushPresence(pubkey: string): void {
  if (running?.pubkey === pubkey) return;
  stopPushPresence();
  const run: { pubkey: string; stop?: () => void; stopped: boolean } = { pubkey, stopped: false };
  running = run;
  void import('@/features/push/push-presence.ts')
    .then((m) => {
      if (!run.stopped) run.stop = m.startPushPresence(pubkey);
    })
    .catch(() => {
      if (running === run) running = null;
    });
}

export function stopPushPresence(): void {
  if (!running) return;
  running.stopped = true;
  running.stop?.();
  running = null;
}
