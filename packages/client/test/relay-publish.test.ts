import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { finalizeEvent, generateSecretKey, getTagValue, verifyEvent } from '@swell/nostr';
import { RelayPool } from '../src/relay/relay-pool.ts';
import type { PublishOutcome } from '../src/relay/relay-publish.ts';
import { LocalKeySigner } from '../src/signers/local-key-signer.ts';
import { ManualClock } from './manual-clock.ts';
import { closedPort, scriptedWriteRelay } from './relay-helpers.ts';
import { waitFor } from './wait.ts';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

function pool(opts: ConstructorParameters<typeof RelayPool>[0] = {}) {
  const p = new RelayPool({ retryBaseMs: 50, ...opts });
  cleanup.push(() => p.destroy());
  return p;
}

async function relay(...args: Parameters<typeof scriptedWriteRelay>) {
  const r = await scriptedWriteRelay(...args);
  cleanup.push(() => r.close());
  return r;
}

const sk = generateSecretKey();
const note = (content: string) =>
  finalizeEvent({ kind: 1, created_at: Math.floor(Date.now() / 1000), tags: [], content }, sk);

const send = (ws: WebSocket, msg: unknown[]) => ws.send(JSON.stringify(msg));

/** Tracks whether a promise has settled, to check it has NOT yet. */
function track<T>(p: Promise<T>): { value: T | undefined; done: boolean } {
  const s: { value: T | undefined; done: boolean } = { value: undefined, done: false };
  void p.then((v) => {
    s.value = v;
    s.done = true;
  });
  return s;
}

describe('publishing: OK semantics', () => {
  it('a relay that cannot be reached never counts as success', async () => {
    const port = await closedPort();
    const url = `ws://127.0.0.1:${port}`;
    const p = pool();
    p.setRelays({ [url]: { read: false, write: true } });
    const job = p.publish(note('nobody hears this'), p.writeRelays(), { timeoutMs: 400 });
    const outcome = await job.outcome;
    expect(outcome.status).toBe('timeout');
    const report = await job.report;
    expect(report.ok).toBe(false);
    expect(report.accepted).toEqual([]);
    expect(report.failed[url]).toMatch(/connection/);
    expect(report.results[url]!.status).toBe('unconfirmed');
  });

  it('a connection closed before the OK is not success; the event is re-sent after the reconnect', async () => {
    const r = await relay((ws, msg, connection) => {
      if (msg[0] !== 'EVENT') return;
      const e = msg[1] as { id: string };
      // The first connection dies right after receiving the event; the second one accepts it.
      if (connection === 1) ws.terminate();
      else send(ws, ['OK', e.id, true, '']);
    });
    const p = pool();
    p.setRelays({ [r.url]: { read: false, write: true } });
    const job = p.publish(note('second time lucky'), [r.url], { timeoutMs: 5000 });
    const outcome = await job.outcome;
    expect(outcome).toMatchObject({ status: 'sent', relay: r.url });
    expect(r.connections()).toBe(2);
    expect(r.received.filter((m) => m[0] === 'EVENT')).toHaveLength(2);
  });

  it('resolves on the FIRST OK true, not before, and keeps every relay result', async () => {
    let release: (() => void) | null = null;
    const fast = await relay((ws, msg) => {
      if (msg[0] !== 'EVENT') return;
      const id = (msg[1] as { id: string }).id;
      release = () => send(ws, ['OK', id, true, 'stored']);
    });
    const silent = await relay(() => {});
    const refusing = await relay((ws, msg) => {
      if (msg[0] === 'EVENT') send(ws, ['OK', (msg[1] as { id: string }).id, false, 'blocked: no']);
    });
    const p = pool();
    const urls = [fast.url, silent.url, refusing.url];
    const job = p.publish(note('first ok wins'), urls, { timeoutMs: 1500 });
    const outcome = track(job.outcome);
    const report = track(job.report);
    await waitFor(() => release !== null, 5000, 'the event at the fast relay');
    await waitFor(() => job.results()[refusing.url]!.status === 'rejected', 5000, 'refusal');
    await new Promise((r) => setTimeout(r, 50));
    // A refusal and a silent relay: nothing is sent yet.
    expect(outcome.done).toBe(false);
    release!();
    await waitFor(() => outcome.done, 5000, 'the outcome');
    expect(outcome.value).toMatchObject({ status: 'sent', relay: fast.url });
    // The silent relay is still being waited for: the report comes after its time-out.
    expect(report.done).toBe(false);
    expect(job.results()[silent.url]!.status).toBe('pending');
    const final = await job.report;
    expect(final.ok).toBe(true);
    expect(final.accepted).toEqual([fast.url]);
    expect(final.failed).toEqual({ [silent.url]: 'timeout', [refusing.url]: 'blocked: no' });
    expect(final.results[fast.url]).toEqual({ status: 'accepted', message: 'stored' });
  });

  it('every relay refusing is a failure with their reasons', async () => {
    const a = await relay((ws, msg) => {
      if (msg[0] === 'EVENT') send(ws, ['OK', (msg[1] as { id: string }).id, false, 'invalid: x']);
    });
    const p = pool();
    const outcome = await p.publish(note('refused'), [a.url]).outcome;
    expect(outcome.status).toBe('failed');
    expect((outcome as Extract<PublishOutcome, { report: unknown }>).report.failed).toEqual({
      [a.url]: 'invalid: x',
    });
  });

  it('no relay at all fails at once', async () => {
    const p = pool();
    const outcome = await p.publish(note('nowhere'), []).outcome;
    expect(outcome.status).toBe('failed');
  });

  it('waits 8000 ms per relay by default, then reports a time-out', async () => {
    const silent = await relay(() => {});
    const clock = new ManualClock();
    const p = pool({ clock });
    const job = p.publish(note('into the void'), [silent.url]);
    const outcome = track(job.outcome);
    await waitFor(() => silent.received.length === 1, 5000, 'the EVENT');
    expect(clock.pending()).toContain(8000);
    clock.advance(7999);
    await Promise.resolve();
    expect(outcome.done).toBe(false);
    clock.advance(1);
    await waitFor(() => outcome.done, 1000, 'the time-out');
    expect(outcome.value!.status).toBe('timeout');
  });

  it('connects relay hints for the publish only, then lets them go', async () => {
    const hint = await relay((ws, msg) => {
      if (msg[0] === 'EVENT') send(ws, ['OK', (msg[1] as { id: string }).id, true, '']);
    });
    const p = pool();
    const job = p.publish(note('a copy for the hint'), [hint.url]);
    expect(p.getSnapshot()[hint.url]).toMatchObject({ transient: true, read: false, write: false });
    expect((await job.outcome).status).toBe('sent');
    await job.report;
    expect(p.getSnapshot()[hint.url]).toBeUndefined();
    expect(p.writeRelays()).toEqual([]);
  });
});

describe('publishing: NIP-42 AUTH', () => {
  /** A relay that challenges on connect and accepts events only after a valid AUTH. */
  async function authRelay() {
    const challenge = 'challenge-' + Math.random().toString(36).slice(2);
    const authed = new Set<number>();
    const r = await relay(
      (ws, msg, connection) => {
        if (msg[0] === 'AUTH') {
          const e = msg[1] as Parameters<typeof verifyEvent>[0];
          const ok =
            e.kind === 22242 &&
            getTagValue(e, 'challenge') === challenge &&
            getTagValue(e, 'relay') === r.url &&
            verifyEvent(e);
          if (ok) authed.add(connection);
          send(ws, ['OK', e.id, ok, ok ? '' : 'invalid: bad auth']);
        } else if (msg[0] === 'EVENT') {
          const id = (msg[1] as { id: string }).id;
          if (authed.has(connection)) send(ws, ['OK', id, true, '']);
          else send(ws, ['OK', id, false, 'auth-required: sign in first']);
        }
      },
      (ws) => send(ws, ['AUTH', challenge]),
    );
    return r;
  }

  it('answers auth-required with AUTH, then publishes', async () => {
    const r = await authRelay();
    const p = pool();
    const signer = new LocalKeySigner(sk);
    p.setAuthSigner((t) => signer.signEvent(t));
    p.setRelays({ [r.url]: { read: false, write: true } });
    const outcome = await p.publish(note('after auth'), [r.url]).outcome;
    expect(outcome.status).toBe('sent');
    expect(r.received.map((m) => m[0])).toEqual(['EVENT', 'AUTH', 'EVENT']);
    expect(p.getSnapshot()[r.url]!.auth).toMatchObject({
      status: 'authenticated',
      pubkey: await signer.getPublicKey(),
    });
  });

  it('eager: authenticates as soon as challenged, then publishes', async () => {
    const r = await authRelay();
    const p = pool();
    const signer = new LocalKeySigner(sk);
    p.setAuthSigner((t) => signer.signEvent(t), { eager: true });
    p.setRelays({ [r.url]: { read: false, write: true } });
    await waitFor(() => p.getSnapshot()[r.url]!.auth.status === 'authenticated', 5000, 'AUTH');
    const outcome = await p.publish(note('auth first'), [r.url]).outcome;
    expect(outcome.status).toBe('sent');
    expect(r.received.map((m) => m[0])).toEqual(['AUTH', 'EVENT']);
  });

  it('without a signer the auth-required refusal is the result', async () => {
    const r = await authRelay();
    const p = pool();
    const outcome = await p.publish(note('no signer'), [r.url]).outcome;
    expect(outcome.status).toBe('failed');
    expect(p.getSnapshot()[r.url]?.auth.status ?? 'challenged').toBe('challenged');
  });
});
