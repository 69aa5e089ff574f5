import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  closeFrame,
  deflateFrame,
  inflateFrame,
  parseServerMessage,
  reqFrame,
  setProtocolFrame,
} from '../src/index.ts';

describe('frames', () => {
  it('builds REQ, CLOSE and the set-protocol request', () => {
    expect(JSON.parse(reqFrame('s1', 'user_infos', { pubkeys: ['a'] }))).toEqual([
      'REQ',
      's1',
      { cache: ['user_infos', { pubkeys: ['a'] }] },
    ]);
    expect(JSON.parse(reqFrame('s2', 'net_stats'))).toEqual([
      'REQ',
      's2',
      { cache: ['net_stats'] },
    ]);
    expect(JSON.parse(closeFrame('s1'))).toEqual(['CLOSE', 's1']);
    expect(JSON.parse(setProtocolFrame('web_1'))).toEqual([
      'REQ',
      'set_protocol_web_1',
      { cache: ['set_primal_protocol', { compression: 'zlib' }] },
    ]);
  });

  it('round-trips EVENTS through zlib', () => {
    const msg = ['EVENTS', 'x', [{ kind: 10000100, content: '{"event_id":"e"}' }]];
    const bytes = deflateFrame(msg);
    expect(bytes[0]).toBe(0x78); // zlib header
    expect(inflateFrame(bytes)).toEqual(msg);
    expect(parseServerMessage(bytes)).toEqual({
      type: 'EVENTS',
      subId: 'x',
      events: msg[2],
    });
  });

  it('treats a frame that fails to inflate as {}', () => {
    expect(inflateFrame(new Uint8Array([1, 2, 3, 4]))).toEqual({});
    expect(parseServerMessage(new Uint8Array([0]))).toBeNull();
  });

  it('parses text EVENT, EOSE and NOTICE', () => {
    expect(parseServerMessage('["EOSE","a"]')).toEqual({ type: 'EOSE', subId: 'a' });
    expect(parseServerMessage('["NOTICE","a","limit too big"]')).toEqual({
      type: 'NOTICE',
      subId: 'a',
      message: 'limit too big',
    });
    expect(parseServerMessage('["EVENT","a",{"kind":1,"content":""}]')?.type).toBe('EVENT');
    expect(parseServerMessage('not json')).toBeNull();
    expect(parseServerMessage('["EVENT","a",5]')).toBeNull();
  });

  it('never throws on arbitrary bytes or text', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        parseServerMessage(bytes);
        inflateFrame(bytes);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        parseServerMessage(s);
      }),
    );
  });
});
