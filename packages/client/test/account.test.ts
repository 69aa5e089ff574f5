import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateSecretKey, getPublicKey, nip19 } from '@swell/nostr';
import type { SwellClient } from '../src/swell-client.ts';
import { createSwellClient } from '../src/swell-client.ts';
import { MemoryStorage } from '../src/storage/storage.ts';
import type { ClientError } from '../src/errors.ts';
import { recommendedUsers } from '../src/account/create-account.ts';
import { newAccountKey } from '../src/account/new-account-key.ts';
import { emptyProfileFields, profileFieldsOf } from '../src/account/profile-edit.ts';
import { keyStorageKeys } from '../src/keys/key-names.ts';
import { clientTestServer, waitFor, type ClientTestServer } from './helpers.ts';
import { onRelay, publishRaw, pubkeys, signed, signedInClient } from './list-helpers.ts';

let server: ClientTestServer;
const clients: SwellClient[] = [];

beforeAll(async () => {
  server = await clientTestServer({ demo: false });
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: ClientError) => e.code,
  );

function freshClient(storage = new MemoryStorage()) {
  const c = createSwellClient({
    storage,
    origin: server.url,
    login: { detect: async () => null, keyStore: { pinIterations: 1000 } },
  });
  clients.push(c);
  return c;
}

describe('create account (spec section 4)', () => {
  it('generates the key here, publishes profile, contact list and relay list, then takes a PIN', async () => {
    // Suggestions: the server's most followed users (with a profile), capped at 9 with presets.
    const popularKeys = [0, 1, 2].map(() => generateSecretKey());
    for (const [i, k] of popularKeys.entries()) {
      await publishRaw(
        server,
        signed(k, { kind: 0, tags: [], content: JSON.stringify({ name: `pop${i}` }) }),
      );
    }
    const popular = [...popularKeys.map((k) => getPublicKey(k)), ...pubkeys(9)];
    for (const pk of popular.slice(0, 3)) {
      for (let i = 0; i < 2; i++) {
        const { client } = await signedInClient(server, clients);
        await client.lists.follow(pk).then((o) => (o.status === 'confirm' ? o.confirm() : o));
      }
    }
    const storage = new MemoryStorage();
    const client = freshClient(storage);
    const groups = (await client.api.getSuggestedUsers()).suggestedUsers ?? [];
    const preset = { pubkey: popular[11]!, name: 'preset' };
    const suggested = recommendedUsers(groups, [preset]);
    expect(suggested[0]).toEqual(preset);
    expect(suggested.length).toBeLessThanOrEqual(9);
    expect(suggested.map((u) => u.pubkey)).toEqual(expect.arrayContaining(popular.slice(0, 3)));

    const key = newAccountKey();
    expect(nip19.decode(key.nsec)).toMatchObject({ type: 'nsec' });
    const profile = {
      ...emptyProfileFields(),
      name: 'newbie',
      display_name: 'New Bie',
      about: 'hi',
    };
    expect(
      await code(
        client.createAccount({ key, profile: { ...profile, name: 'new bie' }, follows: [] }),
      ),
    ).toBe('username-invalid');
    const created = await client.createAccount({
      key,
      profile,
      follows: [popular[0]!, popular[1]!],
    });
    expect((await created.results).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(client.session.getSnapshot()).toMatchObject({ pubkey: key.pubkey, canSign: true });
    expect(client.session.keyProtection()).toBe('plain');

    const kind0 = await onRelay(client, server, { kinds: [0], authors: [key.pubkey] });
    expect(profileFieldsOf(kind0)).toMatchObject({ name: 'newbie', display_name: 'New Bie' });
    const contacts = await onRelay(client, server, { kinds: [3], authors: [key.pubkey] });
    expect(contacts?.tags).toEqual([
      ['p', key.pubkey],
      ['p', popular[0]],
      ['p', popular[1]],
    ]);
    const relays = await onRelay(client, server, { kinds: [10002], authors: [key.pubkey] });
    expect(relays?.tags).toEqual([['r', server.relayUrl]]);
    await waitFor(() => client.lists.getSnapshot().following.length === 3, 3000, 'follows');
    expect(client.store.profile(key.pubkey)?.displayName).toBe('New Bie');

    // The PIN protects the stored key: no nsec left in plain storage.
    await client.session.setPin('2468', '2468');
    expect(client.session.keyProtection()).toBe('pin');
    expect(storage.getItem(keyStorageKeys.secret)).not.toContain('nsec');
    expect(await code(client.session.revealSecret())).toBe('pin-required');
    expect(await code(client.session.revealSecret('0000'))).toBe('pin-wrong');
    expect(await client.session.revealSecret('2468')).toBe(key.nsec);

    // Reload: unlock with the PIN and post.
    await client.close();
    const again = freshClient(storage);
    await again.session.start();
    expect(again.session.getSnapshot()).toMatchObject({ pubkey: key.pubkey, needsPin: true });
    await again.session.unlock('2468');
    await again.connectRelays();
    const write = await again.write();
    const { result } = await write.post('my first note');
    expect((await result).status).toBe('sent');
  });
});

describe('edit profile (kind 0)', () => {
  it('builds on the latest profile, keeps fields it does not edit, and shows the new name at once', async () => {
    const { client, sk, pubkey } = await signedInClient(server, clients);
    await publishRaw(
      server,
      signed(sk, {
        kind: 0,
        tags: [],
        content: JSON.stringify({ name: 'old name', lud06: 'lnurl1xyz', pronouns: 'they' }),
      }),
    );
    const latest = (await client.api.userProfile(pubkey)).users[pubkey]!;
    const fields = {
      ...profileFieldsOf(latest),
      display_name: 'Fresh',
      website: 'https://me.example',
    };
    const outcome = await client.editProfile(fields);
    expect(outcome.status).toBe('published');
    expect(client.store.profile(pubkey)?.displayName).toBe('Fresh');
    const kind0 = await onRelay(client, server, { kinds: [0], authors: [pubkey] });
    expect(JSON.parse(kind0!.content)).toEqual({
      name: 'old name',
      lud06: 'lnurl1xyz',
      pronouns: 'they',
      display_name: 'Fresh',
      displayName: 'Fresh',
      website: 'https://me.example',
    });
    expect((await client.editProfile(fields)).status).toBe('unchanged');
    const note = signed(sk, { kind: 1, tags: [], content: 'after the rename' });
    await publishRaw(server, note);
    const page = await client.api.events([note.id]);
    expect(page.users[pubkey] && profileFieldsOf(page.users[pubkey]).display_name).toBe('Fresh');
    expect(getPublicKey(sk)).toBe(pubkey);
  });
});
