import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { decode } from 'light-bolt11-decoder';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeBolt11 } from '@swell/wallet';
import { generateNetwork, InvoiceLedger, mediaSize, mediaSvg } from '../src/index.ts';
import { deriveSecretKey } from '../src/keys.ts';

const dir = mkdtempSync(join(tmpdir(), 'swell-devnet-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cli = (out: string, seed: string) =>
  spawnSync(
    process.execPath,
    [
      new URL('../src/cli.ts', import.meta.url).pathname,
      '--users',
      '25',
      '--days',
      '2',
      '--seed',
      seed,
      '--out',
      out,
    ],
    { encoding: 'utf8' },
  );

describe('npm run demo (cli.ts)', () => {
  it('writes the same bytes for one seed, matching generateNetwork', async () => {
    const [a, b, c] = [join(dir, 'a.jsonl'), join(dir, 'b.jsonl'), join(dir, 'c.jsonl')];
    expect(cli(a, 's1').status).toBe(0);
    expect(cli(b, 's1').status).toBe(0);
    expect(cli(c, 's2').status).toBe(0);
    const bytesA = readFileSync(a);
    expect(bytesA.equals(readFileSync(b))).toBe(true);
    expect(bytesA.equals(readFileSync(c))).toBe(false);
    const net = await generateNetwork({ users: 25, days: 2, seed: 's1' });
    expect(bytesA.toString('utf8')).toBe(net.events.map((e) => `${JSON.stringify(e)}\n`).join(''));
  }, 120_000);

  it('explains bad arguments', () => {
    const r = spawnSync(
      process.execPath,
      [new URL('../src/cli.ts', import.meta.url).pathname, '--users'],
      { encoding: 'utf8' },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--users needs a value/);
    expect(r.stderr).toMatch(/usage: npm run demo/);
    const unknown = spawnSync(
      process.execPath,
      [new URL('../src/cli.ts', import.meta.url).pathname, '--userz', '5'],
      { encoding: 'utf8' },
    );
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/unknown option --userz/);
  });
});

describe('InvoiceLedger', () => {
  it('issues, pays once, and refuses expired and foreign invoices', async () => {
    let now = 1_800_000_000;
    const ledger = new InvoiceLedger(() => now);
    const paid: string[] = [];
    ledger.onPaid((i) => void paid.push(i.paymentHash));
    const inv = ledger.issue({ amountMsat: 21_000, description: 'coffee' });
    expect(decode(inv.bolt11).sections.find((s) => s.name === 'amount')).toMatchObject({
      value: '21000',
    });
    expect((await ledger.pay(inv.bolt11)).alreadyPaid).toBe(false);
    expect((await ledger.pay(inv.bolt11.toUpperCase())).alreadyPaid).toBe(true);
    expect(paid).toEqual([inv.paymentHash]);
    expect(ledger.get(inv.paymentHash)?.status).toBe('paid');

    const late = ledger.issue({ amountMsat: 1000, expirySeconds: 60 });
    now += 61;
    await expect(ledger.pay(late.bolt11)).rejects.toThrow(/expired/);
    const foreign = encodeBolt11(
      { amountMsat: 1000, timestamp: now, paymentHash: new Uint8Array(32), description: '' },
      deriveSecretKey('elsewhere'),
    );
    await expect(ledger.pay(foreign)).rejects.toThrow(/not from the devnet node/);
    await expect(ledger.pay('lnbc1nonsense')).rejects.toThrow(/not a valid/);
    expect(() => ledger.issue({ amountMsat: 0 })).toThrow(/positive/);
  });
});

describe('demo media', () => {
  it('renders pictures whose size matches what the notes announce', async () => {
    for (const key of [
      '00aa11bb22cc33dd',
      '0123456789abcdef',
      'deadbeefdeadbeef',
      'cafebabecafebabe',
    ]) {
      expect(mediaSvg('image', key)).toBe(mediaSvg('image', key));
      const meta = await sharp(Buffer.from(mediaSvg('image', key)))
        .jpeg()
        .toBuffer()
        .then((b) => sharp(b).metadata());
      expect({ width: meta.width, height: meta.height }).toEqual(mediaSize('image', key));
    }
    expect(mediaSvg('avatar', 'aaaa0000')).not.toBe(mediaSvg('avatar', 'bbbb0000'));
  });
});
