import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  relaySettingsFromTags,
  relaySettingsFromUrls,
  relayTagsFromSettings,
} from '../src/relay/relay-list.ts';

describe('relay lists', () => {
  it('reads r-tags with their markers', () => {
    expect(
      relaySettingsFromTags([
        ['r', 'wss://both.example/'],
        ['r', 'wss://read.example', 'read'],
        ['r', 'wss://write.example', 'write'],
        ['r', 'wss://WRITE.example', 'read'],
        ['r', 'https://not-a-relay.example'],
        ['r', 'nonsense'],
        ['p', 'wss://p.example'],
        ['r', 'wss://odd.example', 'other'],
      ]),
    ).toEqual({
      'wss://both.example': { read: true, write: true },
      'wss://read.example': { read: true, write: false },
      'wss://write.example': { read: true, write: true },
    });
    expect(relaySettingsFromUrls(['wss://a.example', 'ws://127.0.0.1:8080/relay'])).toEqual({
      'wss://a.example': { read: true, write: true },
      'ws://127.0.0.1:8080/relay': { read: true, write: true },
    });
  });

  it('round-trips settings through tags', () => {
    const host = fc.stringMatching(/^[a-z][a-z0-9]{0,10}\.[a-z]{2,5}$/);
    const flags = fc
      .record({ read: fc.boolean(), write: fc.boolean() })
      .filter((f) => f.read || f.write);
    fc.assert(
      fc.property(fc.dictionary(host, flags), (byHost) => {
        const settings = Object.fromEntries(
          Object.entries(byHost).map(([h, f]) => [`wss://${h}`, f]),
        );
        expect(relaySettingsFromTags(relayTagsFromSettings(settings))).toEqual(settings);
      }),
    );
  });
});
