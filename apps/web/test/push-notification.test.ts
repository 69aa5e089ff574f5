import { describe, expect, it } from 'vitest';
import type { PushMessage } from '@swell/cache-protocol';
import {
  pushNotification,
  pushTag,
  readPushMessage,
  safeAppPath,
  type PushStrings,
} from '../src/features/push/push-worker.ts';
import { notifications } from '../src/i18n/en/notifications.ts';
import { pushNotifications } from '../src/i18n/en/push-notifications.ts';

// What the service worker shows for a push (the same strings build/service-worker.ts puts in).
const strings: PushStrings = { notifications, pushNotifications };
const bob = { pubkey: 'b'.repeat(64), name: 'Bob', picture: 'https://example.com/bob.png' };
const carol = { pubkey: 'c'.repeat(64), name: 'Carol' };
type NotificationPush = Extract<PushMessage, { kind: 'notification' }>;
const like = (from: typeof bob | typeof carol, type = 4): NotificationPush => ({
  v: 1,
  kind: 'notification',
  id: `${type}:${from.pubkey}:${'a'.repeat(64)}`,
  type,
  created_at: 1_764_000_000,
  from,
  note: 'e'.repeat(64),
  url: '/e/note1xyz',
});

describe('push notifications in the service worker', () => {
  it('says who did what, with their avatar, and opens the note', () => {
    const reply = readPushMessage({ ...like(bob, 6), id: '6:x', note: 'f'.repeat(64) })!;
    const shown = pushNotification(reply, undefined, strings);
    expect(shown.title).toBe('Bob replied to your note');
    expect(shown.options).toMatchObject({
      icon: 'https://example.com/bob.png',
      timestamp: 1_764_000_000_000,
      renotify: false,
      data: { url: '/e/note1xyz', count: 1, names: ['Bob'] },
    });
    const repost = pushNotification(like(carol, 103), undefined, strings);
    expect(repost.title).toBe('Carol reposted a note you were mentioned in');
    expect(repost.options.icon).toBe('/icons/icon-192.png');
    expect(pushNotification({ ...like(bob, 3), sats: 2100 }, undefined, strings).options.body).toBe(
      '2,100 sats',
    );
  });

  it('a direct message says only who it is from', () => {
    const dm = readPushMessage({
      v: 1,
      kind: 'dm',
      id: 'd1',
      created_at: 1,
      from: bob,
      url: '/dms/npub1bob',
      text: 'the secret door is behind the shed',
    })!;
    const shown = pushNotification(dm, undefined, strings);
    expect(shown.title).toBe('New message from Bob');
    expect(shown.options.body).toBe('');
    expect(JSON.stringify(shown)).not.toContain('secret');
    const again = pushNotification(dm, shown.options.data, strings);
    expect(again.title).toBe('2 new messages from Bob');
    expect(again.options.tag).toBe(shown.options.tag);
    const sealed = readPushMessage({ v: 1, kind: 'dm', id: 'd2', created_at: 1, url: '/dms' })!;
    expect(pushNotification(sealed, undefined, strings).title).toBe('New message');
  });

  it('groups a burst under one tag: likes of one note, follows, digests', () => {
    const first = pushNotification(like(bob), undefined, strings);
    const second = pushNotification(like(carol), first.options.data, strings);
    expect(second.options.tag).toBe(first.options.tag);
    expect(second.title).toBe('Carol and Bob liked your note');
    expect(second.options.renotify).toBe(true);
    const third = pushNotification(like(bob), second.options.data, strings);
    expect(third.title).toBe('Bob and 2 others liked your note');
    // another note's likes, and replies, are their own
    expect(pushTag({ ...like(bob), note: '1'.repeat(64) })).not.toBe(first.options.tag);
    expect(pushTag(like(bob, 6))).not.toBe(pushTag({ ...like(bob, 6), id: 'another' }));
    const digest = readPushMessage({
      v: 1,
      kind: 'digest',
      id: 'g',
      created_at: 1,
      count: 37,
      types: { '6': 30, dm: 7 },
      from: bob,
      url: '/notifications',
    })!;
    const shown = pushNotification(digest, third.options.data, strings);
    expect(shown.title).toBe('37 new notifications');
    expect(shown.options.body).toBe('The latest from Bob');
    expect(shown.options.tag).toBe('swell-digest');
  });

  it('takes nothing from a push that is not one of ours', () => {
    expect(readPushMessage(null)).toBeUndefined();
    expect(readPushMessage({ v: 2, kind: 'dm', id: 'x' })).toBeUndefined();
    expect(readPushMessage({ v: 1, kind: 'notification', id: 'x', type: 6 })).toBeUndefined();
    const odd = readPushMessage({
      ...like(bob),
      from: { pubkey: bob.pubkey, name: 'Bob\u202e\n Builder', picture: 'http://x/p.png' },
      url: 'https://evil.example/phish',
    })!;
    expect(odd.from).toEqual({ pubkey: bob.pubkey, name: 'Bob Builder' });
    expect(odd.url).toBe('/notifications');
    expect(safeAppPath('//evil.example/x')).toBe('/notifications');
    expect(safeAppPath('/\\evil.example')).toBe('/notifications');
    expect(safeAppPath('javascript:alert(1)')).toBe('/notifications');
    expect(safeAppPath('/dms/npub1abc')).toBe('/dms/npub1abc');
  });
});
