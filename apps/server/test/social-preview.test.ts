import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nip19 } from '@swell/nostr';
import type { ServerContext } from '../src/context.ts';
import { pageTarget, plainSummary } from '../src/http/page-meta.ts';
import { testServer } from './helpers.ts';
import { CacheClient, importAll, User } from './cache-helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

// A shared link to a note, an article or a profile shows a title, text and picture in other apps:
// the server puts Open Graph and Twitter card tags into the app's page for those paths (issue 39).

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Swell: a web client for Nostr" />
    <title>Swell</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** The meta tags of a page: property or name -> content. */
async function metaOf(
  url: string,
): Promise<{ status: number; title: string; meta: Record<string, string> }> {
  const res = await fetch(url);
  const html = await res.text();
  const meta: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g))
    meta[m[1]!] = m[2]!;
  return { status: res.status, title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '', meta };
}

describe('social previews of shared links', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let ctx: ServerContext;
  let dist: string;
  const alice = new User();
  const mallory = new User();
  const now = Math.floor(Date.now() / 1000);
  const profile = alice.sign(
    0,
    JSON.stringify({
      name: 'alice',
      display_name: 'Alice <Liddell>',
      about: 'Down the "rabbit" hole & back',
      picture: 'https://img.example/alice.png',
    }),
    [],
    now - 100,
  );
  const note = alice.sign(
    1,
    'Tea party at six https://img.example/tea.jpg nostr:npub1xyz see you',
    [],
    now - 50,
  );
  const article = alice.sign(30023, '# Wonderland\n\nA long read about *tea*.', [
    ['d', 'wonderland'],
    ['title', 'Wonderland notes'],
    ['summary', 'What I saw there'],
    ['image', 'https://img.example/cover.webp'],
  ]);
  const hostile = mallory.sign(1, '"><script>alert(1)</script>', [], now - 40);

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'swell-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    server = await testServer(
      { webDist: dist },
      { extensions: [{ name: 'ctx', register: (_app, c) => void (ctx = c) }] },
    );
    const c = await CacheClient.open(server.url.replace('http', 'ws') + '/v1', false);
    await importAll(c, [profile, note, article, hostile]);
    c.close();
    await ctx.names.register('alice', alice.pubkey);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('a note shows its author, its text and its picture', async () => {
    for (const path of [`/e/${nip19.noteEncode(note.id)}`, `/thread/${note.id}`]) {
      const { status, title, meta } = await metaOf(`${server.url}${path}`);
      expect(status).toBe(200);
      expect(title).toBe('Alice &lt;Liddell&gt; on Swell');
      expect(meta['og:title']).toBe('Alice &lt;Liddell&gt; on Swell');
      expect(meta['og:description']).toBe('Tea party at six see you');
      expect(meta['description']).toBe('Tea party at six see you');
      expect(meta['og:image']).toBe('https://img.example/tea.jpg');
      expect(meta['twitter:card']).toBe('summary_large_image');
      expect(meta['og:url']).toBe(`${server.url}${path}`);
    }
  });

  it('an article shows its title, summary and cover, by naddr and by name', async () => {
    const naddr = nip19.naddrEncode({
      kind: 30023,
      pubkey: alice.pubkey,
      identifier: 'wonderland',
    });
    for (const path of [`/e/${naddr}`, '/alice/wonderland']) {
      const { meta } = await metaOf(`${server.url}${path}`);
      expect(meta['og:type']).toBe('article');
      expect(meta['og:title']).toBe('Wonderland notes');
      expect(meta['og:description']).toBe('What I saw there');
      expect(meta['og:image']).toBe('https://img.example/cover.webp');
    }
  });

  it('a profile shows its name, about and picture, by npub and by name', async () => {
    for (const path of [`/p/${nip19.npubEncode(alice.pubkey)}`, '/alice']) {
      const { meta } = await metaOf(`${server.url}${path}`);
      expect(meta['og:type']).toBe('profile');
      expect(meta['og:title']).toBe('Alice &lt;Liddell&gt;');
      expect(meta['og:description']).toBe('Down the &quot;rabbit&quot; hole &amp; back');
      expect(meta['og:image']).toBe('https://img.example/alice.png');
      expect(meta['twitter:card']).toBe('summary');
    }
  });

  it('escapes what a note says, and leaves other pages as built', async () => {
    const hostileMeta = await metaOf(`${server.url}/e/${hostile.id}`);
    expect(hostileMeta.meta['og:description']).toBe(
      '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    const raw = await (await fetch(`${server.url}/e/${hostile.id}`)).text();
    expect(raw).not.toContain('<script>alert');
    for (const path of ['/home', '/settings', '/e/' + 'f'.repeat(64), '/nobody', '/p/npub1bad']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('reads app paths', () => {
    expect(pageTarget('/home')).toBeUndefined();
    expect(pageTarget(`/profile/${alice.pubkey}`)).toEqual({
      kind: 'profile',
      pubkey: alice.pubkey,
    });
    expect(pageTarget('/Alice/x')).toEqual({ kind: 'name', name: 'alice', identifier: 'x' });
    expect(pageTarget('/a/b/c')).toBeUndefined();
    expect(pageTarget('/%E0%A4%A')).toBeUndefined();
    expect(plainSummary('a '.repeat(200)).length).toBe(200);
  });
});
