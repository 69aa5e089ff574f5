import { describe, expect, it } from 'vitest';
import { ClientError, clientErrorCodes, listErrorCodes } from '@swell/client';
import { nip19 } from '@swell/nostr';
import { bookmarkKey, isBookmarked, parsePubkeyInput } from '@/features/lists/list-keys.ts';
import { listErrorKey } from '@/features/lists/list-errors.ts';
import { lists } from '@/i18n/en/lists.ts';

const hex = 'a'.repeat(64);
// npub of the hex key above (NIP-19; encoded with nostr-tools 2.25.2).
const npub = 'npub1424242424242424242424242424242424242424242424242424qamrcaj';
// nprofile of the same key with a relay hint (NIP-19 TLV, made by @swell/nostr's encoder).
const nprofile = nip19.nprofileEncode({ pubkey: hex, relays: ['wss://r.example'] });

describe('list error messages', () => {
  it('uses the catalogue message of a list error, else the action’s own failure', () => {
    expect(listErrorKey(new ClientError('already-following'), 'follow failed')).toBe(
      'lists.errors.already-following',
    );
    expect(listErrorKey(new ClientError('unfollow failed', 'relay said no'), 'x')).toBe(
      'lists.errors.unfollow failed',
    );
    expect(listErrorKey(new Error('socket closed'), 'follow failed')).toBe(
      'lists.errors.follow failed',
    );
    expect(listErrorKey(new ClientError('no_socket'), 'report failed')).toBe(
      'lists.errors.report failed',
    );
  });

  it('has an English message for every list code of the client catalogue', () => {
    expect(listErrorCodes.length).toBeGreaterThan(5);
    for (const code of listErrorCodes) {
      expect(clientErrorCodes).toContain(code);
      const key = listErrorKey(new ClientError(code), 'list update failed').slice(
        'lists.errors.'.length,
      );
      expect(lists.errors[key as keyof typeof lists.errors], code).toBeTruthy();
    }
    // Spec section 8 user messages.
    expect(lists.errors['follow failed']).toMatch(/^Follow failed/);
    expect(lists.errors['unfollow failed']).toMatch(/^Unfollow failed/);
  });
});

describe('bookmark keys', () => {
  const note = { id: hex, kind: 1, pubkey: 'b'.repeat(64), tags: [] };
  const article = {
    id: 'c'.repeat(64),
    kind: 30023,
    pubkey: 'b'.repeat(64),
    tags: [['d', 'my-post']],
  };

  it('names a note by id and an article by its coordinate', () => {
    expect(bookmarkKey(note)).toBe(hex);
    expect(bookmarkKey(article)).toBe(`30023:${'b'.repeat(64)}:my-post`);
  });

  it('finds a note among the notes and an article among the articles only', () => {
    const bookmarks = { notes: [hex], articles: [`30023:${'b'.repeat(64)}:my-post`] };
    expect(isBookmarked(bookmarks, note)).toBe(true);
    expect(isBookmarked(bookmarks, article)).toBe(true);
    expect(isBookmarked({ notes: [article.id], articles: [] }, article)).toBe(false);
    expect(isBookmarked({ notes: [], articles: [hex] }, note)).toBe(false);
  });
});

describe('typed public keys', () => {
  it('accepts hex (any case), npub and nostr: URIs, trimmed', () => {
    expect(parsePubkeyInput(` ${hex.toUpperCase()} `)).toBe(hex);
    expect(parsePubkeyInput(npub)).toBe(hex);
    expect(parsePubkeyInput(`nostr:${npub}`)).toBe(hex);
    expect(parsePubkeyInput(nprofile)).toBe(hex);
    expect(parsePubkeyInput(`nostr:${nprofile}`)).toBe(hex);
  });

  it('refuses anything else', () => {
    expect(parsePubkeyInput('')).toBeNull();
    expect(parsePubkeyInput('npub1notakey')).toBeNull();
    expect(parsePubkeyInput('a'.repeat(63))).toBeNull();
    expect(parsePubkeyInput('note1' + 'q'.repeat(58))).toBeNull();
  });
});
