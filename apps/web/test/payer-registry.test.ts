import { describe, expect, it } from 'vitest';
import type { Payer } from '@swell/wallet';
import {
  availablePayerSources,
  choosePayerSource,
  payerSourcesVersion,
  registerPayerSource,
  type PayerSource,
} from '@/features/zaps/payer-registry.ts';

const payer: Payer = { kind: 'ecash', pay: () => Promise.resolve({ preimage: '00'.repeat(32) }) };

function source(id: string, priority: number, available: () => boolean): PayerSource {
  return {
    id,
    label: `zaps.payer.${id}`,
    priority,
    available,
    create: () => Promise.resolve(payer),
  };
}

describe('payer registry', () => {
  it('picks the preferred usable source, else the best usable one, else none', () => {
    let webln = true;
    const off = [
      registerPayerSource(source('webln', 100, () => webln)),
      registerPayerSource(source('nwc', 80, () => true)),
      registerPayerSource(source('ecash', 50, () => true)),
      registerPayerSource(
        source('broken', 200, () => {
          throw new Error('no');
        }),
      ),
    ];
    expect(availablePayerSources().map((s) => s.id)).toEqual(['webln', 'nwc', 'ecash']);
    expect(choosePayerSource(null)?.id).toBe('webln');
    expect(choosePayerSource('ecash')?.id).toBe('ecash');
    webln = false;
    expect(choosePayerSource('webln')?.id).toBe('nwc');
    for (const o of off) o();
    expect(choosePayerSource(null)).toBeNull();
  });

  it('replaces a source of the same id and tells listeners of each change', () => {
    let calls = 0;
    const stop = payerSourcesVersion.subscribe(() => calls++);
    const first = registerPayerSource(source('ecash', 50, () => true));
    const second = registerPayerSource(source('ecash', 300, () => true));
    expect(choosePayerSource(null)?.priority).toBe(300);
    first(); // the replaced registration no longer removes the new one
    expect(choosePayerSource(null)?.priority).toBe(300);
    second();
    expect(choosePayerSource(null)).toBeNull();
    expect(calls).toBe(3);
    stop();
  });
});
