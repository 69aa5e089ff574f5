import { describe, expect, it } from 'vitest';
import { decodePage, feedRangeEvent } from '@swell/cache-protocol';
import { finalizeEvent, generateSecretKey } from '@swell/nostr';
import { splitThread } from '../src/thread/split-thread.ts';

const sk = generateSecretKey();
const root = finalizeEvent({ kind: 1, created_at: 100, tags: [], content: 'root' }, sk);
const mid = finalizeEvent(
  { kind: 1, created_at: 200, tags: [['e', root.id, '', 'root']], content: 'mid' },
  sk,
);
const focus = finalizeEvent(
  {
    kind: 1,
    created_at: 300,
    tags: [
      ['e', root.id, '', 'root'],
      ['e', mid.id, '', 'reply'],
    ],
    content: 'focus',
  },
  sk,
);
const r1 = finalizeEvent(
  { kind: 1, created_at: 400, tags: [['e', focus.id, '', 'reply']], content: 'r1' },
  sk,
);
const r2 = finalizeEvent({ kind: 1, created_at: 500, tags: [['e', focus.id]], content: 'r2' }, sk);
const other = finalizeEvent(
  { kind: 1, created_at: 450, tags: [['e', r1.id, '', 'reply']], content: 'deeper' },
  sk,
);

describe('splitThread', () => {
  it('uses the two ranges of thread_view: parent chain then direct replies', () => {
    const page = decodePage([
      r2,
      root,
      focus,
      mid,
      r1,
      feedRangeEvent({
        since: 100,
        until: 300,
        order_by: 'created_at',
        elements: [root.id, mid.id, focus.id],
      }),
      feedRangeEvent({ since: 400, until: 500, order_by: 'created_at', elements: [r2.id, r1.id] }),
    ]);
    expect(splitThread(page, focus.id)).toMatchObject({
      parents: [root.id, mid.id],
      focus: { id: focus.id },
      replies: [r2.id, r1.id],
    });
  });

  it('without ranges, follows reply tags (a bare e-tag counts) and keeps only direct replies', () => {
    const page = decodePage([other, r1, focus, mid, root, r2]);
    const view = splitThread(page, focus.id);
    expect(view.parents).toEqual([root.id, mid.id]);
    expect(view.replies).toEqual([r2.id, r1.id]);
  });

  it('reports a missing note', () => {
    expect(splitThread(decodePage([root]), focus.id).focus).toBeUndefined();
  });
});
