import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { generateSecretKey, getPublicKey, type NostrEvent } from '@swell/nostr';
import { initNostrWasm } from 'nostr-wasm';
import { AnswerWriter } from '../src/cache/answer-frames.ts';
import { testServer } from './helpers.ts';
import { CacheClient, importAll } from './cache-helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

describe('answers of a reused subscription id', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  const sk = generateSecretKey();
  const pubkey = getPublicKey(sk);

  beforeAll(async () => {
    server = await testServer();
    // 700 notes: an answer long enough to be written a slice at a time.
    const nostr = await initNostrWasm();
    const now = Math.floor(Date.now() / 1000);
    const events: NostrEvent[] = [];
    for (let i = 0; i < 700; i++) {
      const e = {
        kind: 1,
        content: `n${i}`,
        tags: [],
        created_at: now - i,
        id: '',
        pubkey: '',
        sig: '',
      };
      nostr.finalizeEvent(e, sk);
      events.push(e);
    }
    const c = await CacheClient.open(server.wsUrl('/v1'), false);
    await importAll(c, events);
    c.close();
  });
  afterAll(async () => {
    await server.close();
  });

  it('never interleave: a large answer ends with its EOSE before the next one starts', async () => {
    const ws = new WebSocket(server.wsUrl('/v1'));
    await new Promise((r) => ws.once('open', r));
    const frames: unknown[][] = [];
    const ends = new Promise<void>((resolve) => {
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString()) as unknown[];
        frames.push(m);
        if (frames.filter((f) => f[0] === 'EOSE').length === 2) resolve();
      });
    });
    // Text mode: the first answer is 700 EVENT frames (and the profile), written in slices.
    ws.send(JSON.stringify(['REQ', 'x', { cache: ['feed', { pubkey, limit: 700 }] }]));
    ws.send(JSON.stringify(['REQ', 'x', { cache: ['user_infos', { pubkeys: [pubkey] }] }]));
    await ends;
    ws.close();
    // Either answer may come first (each ends when its work does), but each comes whole.
    const firstEose = frames.findIndex((f) => f[0] === 'EOSE');
    const segments = [frames.slice(0, firstEose), frames.slice(firstEose + 1, -1)];
    const notes = segments.map((seg) => seg.filter((f) => (f[2] as { kind: number }).kind === 1));
    expect(notes.map((n) => n.length).sort((a, b) => a - b)).toEqual([0, 700]);
    expect(frames.at(-1)).toEqual(['EOSE', 'x']);
  });
});

describe('the answer writer', () => {
  it('writes a second answer of an id only after the first one, even a large one, ended', async () => {
    const frames: string[] = [];
    const writer = new AnswerWriter(
      (f) => {
        if (typeof f === 'string') frames.push(f);
      },
      () => false,
    );
    const big = Array.from({ length: 600 }, (_, i) => ({ kind: 1, content: `big${i}` }));
    const small = [{ kind: 2, content: 'small' }];
    writer.answer('x', big as never, true);
    writer.answer('x', small as never, true); // would be written at once if nothing were waiting
    writer.answer('y', small as never, true); // another id does not wait
    expect(frames.at(-1)).toBe(JSON.stringify(['EOSE', 'y']));
    await new Promise((r) => setTimeout(r, 50));
    const kinds = frames.map((f) => JSON.parse(f) as unknown[]).filter((m) => m[1] === 'x');
    const eoses = kinds.flatMap((m, i) => (m[0] === 'EOSE' ? [i] : []));
    expect(eoses).toEqual([600, 602]);
    expect((kinds[601]![2] as { content: string }).content).toBe('small');
  });
});
