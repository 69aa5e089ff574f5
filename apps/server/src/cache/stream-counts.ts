import type { ServerContext } from '../context.ts';

const counts = new WeakMap<ServerContext, Map<string, number>>();

/**
 * Open streaming subscriptions (net_stats, notification_counts, directmsg_count) of this server,
 * by command, across every cache connection. `/health` reports them, so an operator (and a
 * browser test) can see that a client closed a stream it no longer shows.
 */
export function openStreams(ctx: ServerContext): Record<string, number> {
  return Object.fromEntries(counts.get(ctx) ?? []);
}

export function streamOpened(ctx: ServerContext, command: string): void {
  let m = counts.get(ctx);
  if (!m) counts.set(ctx, (m = new Map()));
  m.set(command, (m.get(command) ?? 0) + 1);
}

export function streamClosed(ctx: ServerContext, command: string): void {
  const m = counts.get(ctx);
  const n = (m?.get(command) ?? 0) - 1;
  if (!m) return;
  if (n > 0) m.set(command, n);
  else m.delete(command);
}
