import { useSnapshot } from '@/data/use-model.ts';

/** A zap this tab sent that the cache does not count yet. */
export interface PendingZap {
  /** The zap request's id. */
  id: string;
  /** What was zapped: a note or article id, an article coordinate or a pubkey. */
  target: string;
  sats: number;
  comment: string;
  /** `paying`: the invoice is being paid; `paid`: waiting for the receipt (9735). */
  state: 'paying' | 'paid';
}

type Listener = () => void;
let byTarget: ReadonlyMap<string, readonly PendingZap[]> = new Map();
const listeners = new Set<Listener>();
const none: readonly PendingZap[] = [];

function publish(next: Map<string, readonly PendingZap[]>): void {
  byTarget = next;
  for (const l of [...listeners]) l();
}

/** Adds or updates a pending zap (optimistic: shown on the card at once). */
export function putPendingZap(zap: PendingZap): void {
  const next = new Map(byTarget);
  const list = (next.get(zap.target) ?? none).filter((z) => z.id !== zap.id);
  next.set(zap.target, [...list, zap]);
  publish(next);
}

/** Removes a pending zap: its receipt is counted, or the payment failed. */
export function dropPendingZap(target: string, id: string): void {
  const list = byTarget.get(target);
  if (!list?.some((z) => z.id === id)) return;
  const next = new Map(byTarget);
  const rest = list.filter((z) => z.id !== id);
  if (rest.length) next.set(target, rest);
  else next.delete(target);
  publish(next);
}

function subscribe(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The zaps of a target still waiting for their receipt. */
export function usePendingZaps(target: string | undefined): readonly PendingZap[] {
  return useSnapshot({ subscribe }, () => (target ? (byTarget.get(target) ?? none) : none));
}
