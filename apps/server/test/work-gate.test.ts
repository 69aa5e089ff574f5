import { describe, expect, it } from 'vitest';
import { WorkGate, type GateClient, type GateLimits, type Turn } from '../src/cache/work-gate.ts';
import { RequestRegistry } from '../src/cache/request-registry.ts';
import { Slots, SlotsFull } from '../src/net/slots.ts';

const HUGE = 1e15;

function gate(limits: Partial<GateLimits>): WorkGate {
  return new WorkGate(() => ({
    units: 4,
    queue: 100,
    queuePerClient: 100,
    heapBudgetBytes: HUGE,
    outboundBudgetBytes: HUGE,
    ...limits,
  }));
}

function client(): GateClient & { reading: boolean } {
  const c = { reading: true, canStart: () => c.reading, buffered: () => 0 };
  return c;
}

/** Asks for a turn and records when it is given. */
function ask(
  g: WorkGate,
  c: GateClient,
  weight: number,
  log: string[],
  name: string,
  signal = new AbortController().signal,
) {
  let turn: Turn | undefined;
  const p = g.acquire(c, weight, signal).then((t) => {
    turn = t;
    if (t.ok) log.push(name);
    return t;
  });
  return { p, release: () => (turn?.ok ? turn.release() : undefined), turn: () => turn };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('work gate', () => {
  it('gives the next turn to the connection with the fewest running requests', async () => {
    const g = gate({ units: 4 });
    const flood = client();
    const quiet = client();
    const log: string[] = [];
    const asks = Array.from({ length: 10 }, (_, i) => ask(g, flood, 1, log, `f${i}`));
    await tick();
    expect(log).toEqual(['f0', 'f1', 'f2', 'f3']);
    const q = ask(g, quiet, 1, log, 'q');
    await tick();
    expect(log).toHaveLength(4); // all units busy
    asks[0]!.release();
    await tick();
    expect(log.at(-1)).toBe('q');
    q.release();
    await tick();
    expect(log.at(-1)).toBe('f4');
    expect(g.snapshot()).toMatchObject({ active: 4, queued: 5 });
  });

  it('keeps a quarter of the units for light requests', async () => {
    const g = gate({ units: 20 });
    const a = client();
    const b = client();
    const log: string[] = [];
    ask(g, a, 10, log, 'heavy1');
    ask(g, a, 10, log, 'heavy2');
    ask(g, b, 1, log, 'light');
    await tick();
    // heavy1 holds 10 of the 15 heavy units: heavy2 waits, the light one passes it
    expect(log).toEqual(['heavy1', 'light']);
  });

  it('sheds from the longest line when the queue is full, and per connection', async () => {
    const g = gate({ units: 1, queue: 3, queuePerClient: 4 });
    const flood = client();
    const quiet = client();
    const log: string[] = [];
    const running = ask(g, flood, 1, log, 'run');
    const waiting = [1, 2, 3].map((i) => ask(g, flood, 1, log, `w${i}`));
    await tick();
    const q = ask(g, quiet, 1, log, 'q');
    await tick();
    // the flooder's newest waiting request made room for the quiet client's
    expect(waiting[2]!.turn()).toMatchObject({ ok: false, shed: expect.stringMatching(/busy/) });
    expect(q.turn()).toBeUndefined();
    const more = ask(g, flood, 1, log, 'more');
    await tick();
    expect(more.turn()).toMatchObject({ ok: false });
    running.release();
    await tick();
    expect(log).toEqual(['run', 'q']);
    expect(g.snapshot().shed).toBe(2);

    const g2 = gate({ units: 1, queuePerClient: 2 });
    const c = client();
    ask(g2, c, 1, [], 'a');
    const lines = [1, 2, 3].map((i) => ask(g2, c, 1, [], `l${i}`));
    await tick();
    expect(lines[2]!.turn()).toMatchObject({
      ok: false,
      shed: expect.stringMatching(/at most 2 requests may wait per connection/),
    });
  });

  it('forgets a request cancelled while it waits, and waits for a reader to read', async () => {
    const g = gate({ units: 1 });
    const a = client();
    const log: string[] = [];
    const first = ask(g, a, 1, log, 'first');
    const abort = new AbortController();
    const second = ask(g, a, 1, log, 'second', abort.signal);
    await tick();
    abort.abort();
    await tick();
    expect(second.turn()).toEqual({ ok: false, cancelled: true });
    expect(g.snapshot()).toMatchObject({ queued: 0, cancelledWaiting: 1 });

    const slow = client();
    slow.reading = false;
    ask(g, slow, 1, log, 'slow');
    first.release();
    await tick();
    expect(log).toEqual(['first']); // nothing starts for a client that does not read
    slow.reading = true;
    g.wake();
    await tick();
    expect(log).toEqual(['first', 'slow']);
  });
});

describe('request registry', () => {
  it('keys work by request: CLOSE cancels every request of the id, a disconnect all', () => {
    const cancelled: string[] = [];
    const r = new RequestRegistry((t, why) => cancelled.push(`${t.subId}#${t.seq}:${why}`));
    const a1 = r.open('a', false, 1000);
    const a2 = r.open('a', false, 1000);
    const s = r.open('s', true, 1000);
    let stopped = 0;
    s.stop = () => stopped++;
    const b = r.open('b', false, 1000);
    expect(r.size).toBe(4);
    expect(r.cancelStreams('a')).toEqual([]); // one-shot requests are not streams
    r.finish(a1);
    expect(r.isOpen(a1)).toBe(false);
    expect(a1.abort.signal.aborted).toBe(false); // answered, not cancelled
    expect(r.cancelSubscription('a')).toBe(1);
    expect(a2.abort.signal.aborted).toBe(true);
    expect(r.cancelStreams('s')).toEqual([s]);
    expect(stopped).toBe(1);
    expect(r.cancelAll()).toBe(1);
    expect(b.abort.signal.aborted).toBe(true);
    expect(r.size).toBe(0);
    expect(cancelled).toEqual(['a#2:close', 's#3:replaced', 'b#4:disconnect']);
  });
});

describe('slots (outbound fetches, image decodes)', () => {
  it('runs a few jobs at once, keeps a short line and refuses past it', async () => {
    const slots = new Slots(2, 1);
    let running = 0;
    let most = 0;
    const gates: Array<() => void> = [];
    const job = () =>
      slots.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((r) => gates.push(r));
        running--;
      });
    const jobs = [job(), job(), job()];
    await expect(job()).rejects.toBeInstanceOf(SlotsFull);
    while (gates.length > 0 || running > 0) {
      gates.shift()?.();
      await tick();
    }
    await Promise.all(jobs);
    expect(most).toBe(2);
  });
});
